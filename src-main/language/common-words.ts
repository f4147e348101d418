/**
 * The most frequent short words of each Latin-script language, without their accents: an English
 * model reads "že" as "ze" and "für" as "fur", and a first reading is made with it. Close
 * languages (Czech and Slovak, Slovenian and Croatian, Danish and Swedish, Finnish and Estonian)
 * share their commonest words and each has some of its own: a page of few words ties them, and
 * trial readings in each model settle it (read-upright.ts).
 */
export const COMMON_WORDS: Readonly<Record<string, string>> = {
  eng: 'the of and to in is that for it with as was on be by this are from at or an which not have has were',
  fra: 'le la les de des du et en un une est que qui dans pour pas sur au aux par avec ce il sont ne se plus',
  deu: 'der die das und den von zu mit sich des ist im dem nicht ein eine auf auch es als fur werden wird bei oder sind aus nach',
  spa: 'el la de que y en los las del se por un una con para es al lo como mas su sus pero son',
  ita: 'il di che e la le per un una del della non sono con si da al dei gli alla nel come anche piu',
  por: 'o a os as de do da dos das que e em um uma para com nao no na por se mais sao ao',
  nld: 'de het een en van in is dat op te zijn met voor niet die aan er ook als bij door wordt worden naar',
  ces: 'a v na se je ze to s z do o k pro jako ktery ktera ktere by byl jsou nebo tak jeho ale podle pri i tento tato',
  slk: 'a v na je to s z do o k sa pre su ako alebo aj ktory ktora ktore bol bola boli podla tento tieto ich jej ktorych vo zo',
  pol: 'i w na z sie nie do to ze jest o jak a po dla od co czy tak przez jego sa ktory ktore lub oraz tym',
  slv: 'je na za se da od do ne po in ki pa tudi bo kot pri ali smo sta bi ta so lahko kar bila',
  hrv: 'je na za se da od do ne po i u su sa kao koji koja koje ili biti bio bila ce te ima samo',
  hun: 'a az es hogy nem egy is meg de van volt ez mint csak el ki be fel kell lesz vagy ha mar pedig',
  ron: 'si de la in cu pe o un a din ca care este sunt nu mai pentru sau fost au al ale prin dupa',
  swe: 'det som en i pa for med den har de om och att ar av till inte ett fran ocksa vara ska skall hade detta vid mellan',
  dan: 'det som en i pa for med den har de om og at er af til ikke et fra ogsa vaere skal havde dette ved mellem blev',
  fin: 'ja on ei oli etta ovat myos kun mutta tai kuin niin sen sita joka vain olla ole han',
  est: 'ja on ei oli see et ka kui aga mis oma kes nii veel voi seda selle ning juba pole olema ta',
  lav: 'un ir par no uz ka ar lai bet ta kas tas to vai tiek ari bija pie pec sava si',
  lit: 'ir yra kad i su is tai bet kaip uz apie del jo jos buvo taip pat kuris kuri nuo iki tik',
  mlt: 'il u ta li fil ghal bil minn ma hu hija kien kienet dan din ukoll jew izda biex lil tal tad',
  gle: 'an na agus ar a ag is le go do sa ata ach ni bhi mar seo sin leis aon',
  tur: 've bir bu da de ile icin olarak gibi daha en cok olan ama kadar sonra ne her ya yeni'
}

/** Letters only one of the languages writes (which an English model sometimes keeps): not ä or ö, which German shares with Finnish, Estonian and Swedish. */
export const OWN_LETTERS: Readonly<Record<string, RegExp>> = {
  deu: /ß/,
  ces: /[ěřů]/,
  pol: /[ąęłśźżńć]/,
  spa: /[ñ¿¡]/,
  por: /[ãõ]/,
  fra: /[èêàœ]/,
  tur: /[ğış]/,
  hun: /[őű]/,
  ron: /[ăîâșț]/,
  lav: /[āēīģķļņ]/,
  lit: /[ėįų]/,
  mlt: /[ħġċ]/
}
