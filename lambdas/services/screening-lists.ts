/**
 * The words prompt screening refuses and the real words that merely contain them, in English,
 * Spanish, French, German, Italian and Portuguese (docs/safety.md, "The word lists").
 *
 * Syntax (matched on screening-text.ts readings, so accents, case, leetspeak and repeated letters
 * need no spelling of their own): a plain entry is a whole word or phrase; a trailing `*` lets the
 * word go on (`nud*`: nudity, nudist, nudez); a leading `*` lets it start inside a word (`*porn*`:
 * hardcoreporn, kinderporno). A space in a phrase may also be absent (`jerk off`, `jerkoff`).
 */

/** Sexual content (refusal kind `sexual`). */
// biome-ignore format: word lists read best packed
export const SEXUAL: readonly string[] = [
  // English (obscenity's English dataset, its concepts and usual derivations)
  '*porn*', 'pronograph*', 'hentai*', 'sexy', 'sexier', 'sexiest', 'sexual', 'sexually', 'sexualized', 'sexualised', 'sexualit*', 'sexx*', 'sexo explicito', 'anal', 'anus', '*blow job*', '*hand job*', 'lubejob', 'boob*', 'titties', 'titty',
  '*butt plug*', 'cum', 'cums', 'cumming', 'cumshot*', '*cunt*', 'deep throat*', 'dildo*', 'doggy style*', 'double penetration',
  'ejaculat*', 'felch*', 'fellat*', 'finger bang*', 'fisting', '*gang bang*', 'incest*', 'jerk off', 'jerking off', 'jizz*',
  'masturbat*', 'orgasm*', 'orgy', 'orgies', '*penis*', 'semen', 'slut*', '*pussy*', 'rape', 'rapes', 'raped', 'raping', 'rapist*',
  'twat*', 'vagina*', 'wank*', '*whore*', 'hooker', 'hookers', 'bestiality', 'zoophil*', 'genital*', '*striptease*', 'strip tease',
  'stripper*',
  // Spanish
  'follar*', 'follad*', 'follando', 'mamada*', 'puta', 'putas', 'tetas', 'orgia', 'orgias', 'eyacul*', 'violacion*', 'violada*',
  // French
  'pute', 'putes', 'putain*', 'salope*', 'encul*', 'branler*', 'branlette*', 'nichon*', 'partouze*', 'viol', 'viols', 'violee*', 'orgie',
  // German
  'ficken', 'fickt', 'gefickt', 'titten', 'hure', 'huren', 'nutte', 'nutten', 'wichsen', 'wichser', 'schlampe*', 'orgien',
  'geschlechtsverkehr*', 'vergewaltig*',
  // Italian
  'sesso', 'sessual*', 'puttan*', 'pompin*', 'tette', 'sborra*', 'scopare', 'scopata', 'eiacul*', 'stupro*', 'stuprat*',
  // Portuguese
  'foder', 'fodendo', 'buceta*', 'punheta*', 'transar', 'transando', 'estupr*',
];

/** Slurs (kind `slur`; never repeated back). */
// biome-ignore format: word lists read best packed
export const SLURS: readonly string[] = [
  // obscenity's English list. 'negro' is not here: it is the Spanish, Portuguese (and old Italian) word for black.
  'abo', 'abos', 'abeed', 'africoon*', 'arabush*', 'boonga*', 'ching chong', 'chink', 'chinks', 'dyke*', 'fag', 'fags', 'faggot*',
  'kike', 'kikes', 'nigg*', 'retard', 'retards', 'retarded', 'spastic*', 'tranny', 'trannies',
  // Spanish, French, German, Italian, Portuguese
  'maricon*', 'sudaca*', 'bougnoul*', 'kanake*', 'frocio', 'froci', 'viado', 'viados',
];

/** Profanity (kind `profanity`). */
// biome-ignore format: word lists read best packed
export const PROFANITY: readonly string[] = [
  '*fuck*', 'fuk', 'fuks', 'fukk*', 'fck*', 'phuck*', '*shit*', 'piss*', 'arse*', '*arsehole*', 'bollock*', 'cuck*', 'turd', 'turds',
  // Spanish
  'mierda*', 'joder', 'jodid*', 'gilipollas', 'pendejo*', 'cojones',
  // French
  'merde*', 'connard*', 'connasse*',
  // German
  'scheiss*', 'arschloch*', 'arsch', 'fotze*',
  // Italian and Portuguese
  'merda', 'merdas', 'cazzo', 'cazzi', 'cazzone', 'cazzata', 'cazzate', 'vaffanculo', 'stronzo*', 'stronza', 'minchia', 'caralho*', 'foda', 'fodase', 'foda se',
];

/** Nudity (kind `sexual` built in; also in the operator's default list, where it started). */
// biome-ignore format: word lists read best packed
export const NUDITY: readonly string[] = [
  'nude', 'nudes', 'nudity', 'nudit*', 'nudist*', 'nudism*', 'nudez', 'nuda', 'nudi', 'nudie*', '*nude*', 'nake*', '*naked*', 'nakid*', '*undress*', '*unclothed*', 'disrobe*', '*topless*', 'bottomless', 'no clothes',
  'without clothes', 'without any clothes', 'wearing nothing',
  '*desnud*', 'desvest*', 'sin ropa', 'en pelotas', // es (and pt desnudo)
  'nue', 'nues', 'seins nus', 'tout nu', 'homme nu', 'corps nu', 'deshabill*', 'sans vetements', 'a poil', // fr
  '*nackt*', 'entkleid*', 'ohne kleidung', 'oben ohne', 'fkk', // de
  'svestit*', 'spogliat*', 'spogliarell*', 'senza vestiti', // it
  'nua', 'nuas', 'homem nu', 'corpo nu', 'sem roupa*', // pt
];

/**
 * The operator's list while they have saved none (kind `blocked`, replaceable with `npm run safety:terms`):
 * nudity, sexualised minors and gore, which obscenity's profanity list never covered.
 */
// biome-ignore format: word lists read best packed
export const DEFAULT_BLOCKED_TERMS: readonly string[] = [
  'nsfw',
  ...NUDITY,
  // minors
  'loli', 'lolis', 'lolicon', 'shota', 'shotas', 'shotacon', '*underage*', 'jailbait*', 'csam', 'pedophil*', 'paedophil*',
  'pedofil*', 'padophil*', 'menor de edad', 'menores de edad', 'minderjahrig*', 'minorenn*', 'menor de idade',
  // gore
  '*behead*', '*decapit*', '*dismember*', 'desmembr*', 'demembr*', 'smembr*', 'zerstuckel*', 'enthaupt*', 'degoll*', 'egorg*',
  'snuff',
];

/**
 * Real words and names that contain a listed word: a hit wholly inside one of these is not a hit.
 * Built from the innocent evaluation set (test/fixtures/screening/innocent.txt): places, plants,
 * animals, sport and everyday words. An operator's own term is never excused by an identical entry.
 */
// biome-ignore format: word lists read best packed
export const ALLOWED: readonly string[] = [
  // places
  'tutu', 'tutus', // a ballet skirt: Vietnamese 'tự tử' (suicide) folds to 'tu tu'
  'scunthorpe', 'penistone', 'penisarwaun', 'peniscola', 'sussex', 'essex*', 'wessex', 'middlesex', 'sexten', 'sexsmith',
  'shitterton', 'twatt', 'pissouri', 'pornic', 'chorlton cum hardy', 'offa s dyke', 'offas dyke', 'devil s dyke', 'devils dyke',
  'arsenal*', 'cockermouth',
  // plants, fungi, animals, food
  'shitake*', 'shittim*', 'pussy willow*', 'pussywillow*', 'pussycat*', 'pussyfoot*', 'pissenlit*', 'pissaladiere*', 'oilseed rape*',
  'rape field*', 'rape flower*', 'field of rape', 'fields of rape', 'hooker s lips', 'hookers lips', 'hooker s green', 'hookers green',
  'nudibranch*', 'nudel*', 'nudo de', 'nudos de', 'naked mole*', 'nacktmull*', 'nacktschneck*', 'naked oat*', 'naked barley*',
  'avena nuda', 'booby', 'footed boob*', 'booby trap*', 'turducken*', 'cuckoo*', 'snaked', 'cummerbund*',
  // people, art, sport, science
  'pissarro*', 'van dyke*', 'rugby hooker*', 'sea dyke*', 'sea dike*', 'river dyke*', 'flood dyke*', 'dyke wall*',
  'dutch dyke*', 'naked eye', 'naked flame*', 'naked singularit*', 'cum laude', 'magna cum', 'summa cum', 'wankel*', 'twattle*',
  'chink of*', 'chinks of*', 'chink in*', 'chinks in*', 'niggl*', 'paint stripper*', 'wire stripper*', 'en retard', 'du retard',
  'le retard', 'sextant*', 'sexton*', 'sextet*', 'sextup*', 'sexagen*', 'sexages*', 'sexenn*', 'sexta*', 'sexto*', 'unisex*',
  'bisexual*', 'homosexual*', 'heterosexual*', 'asexual*', 'transsexual*', 'denud*', 'nudg*', 'arsen*', 'snuff box*', 'snuff out*',
  'snuff the*', 'bottomless pit*', 'bottomless well*', 'bottomless abyss*', 'bottomless brunch*', 'bottomless cup*', 'bottomless lake*',
  'bottomless chasm*', 'bottomless coffee*', 'bottomless mimosa*', 'bottomless pool*', 'bottomless swimming*', 'shitzu*', '*shita',
  'sextus', 'sextil*', 'sexual selection', 'nude colo*', 'nude tone*', 'nude shade*', 'nude lipstick*', 'nude heel*', 'nude palette*',
  'naked tree*', 'naked branch*', 'naked wire*', 'stripper clip*', 'snuff colo*', 'rape of the sabine*', 'rape of proserpina',
  'rape of europa', 'rape of lucrece',
  // issue 30: words the harm lists meet in harmless prompts
  'al gore', 'gore tex', 'goretex', 'gore vidal', 'suicide squad*', 'suicide door*', 'suicide silence', 'white power outlet*',
  'white power socket*', 'white power cable*', 'white power button*', 'white power strip*', 'white power bank*', 'white power supply',
  'nanga parbat', 'nudo marinero', 'nudos marineros',
  // after the broadening by class (issue 30 'Targets'): place names, animals, a cocktail, Swedish compounds, from red team 2's tuning part
  'horny toad*', 'dildo newfoundland', 'dildo island', 'intercourse pennsylvania', 'suicide squeeze*', 'slutstation*', 'slutspel*', 'slutsats*',
  'slutresultat*', 'sex on the beach',
  // from the tuning parts of red teams 3 and 4: a negated word, a word one letter from a listed one, a dish, art, places
  'no gore', 'without gore', 'no blood', 'without blood', 'flying', 'faggots and peas', 'faggots in gravy', 'faggots and mash',
  'suicide prevention*', 'suicide hotline*', 'suicide awareness*', 'naked maja', 'maja desnuda', 'fucking austria',
  'cumming georgia', 'hooker oklahoma', 'titty hill', 'wank mountain', 'village of anus', 'anus in burgundy',
  // from the tuning parts of red teams 5 and 6: paintings, a sale, a car, a cake, a farmyard
  'nude maja', 'judith beheading holofernes', 'slutrea*', 'topless convertible*', 'topless car*', 'naked cake*',
  'cock and his hens', 'cock and hens',
  // from the tuning parts of red teams 7 and 8: memorials, prevention campaigns, places, film make-up, a dress
  'genocide memorial*', 'genocide museum*', 'prevencion del suicidio', 'prevencao ao suicidio', 'prevencao do suicidio',
  'профилактике суицида', 'профилактика суицида', 'hooker valley*', 'dildo harbour*', 'prosthetic wound*', 'no visible wound*',
  'sundress*', 'sun dress*',
  // from the tuning parts of red teams 9 to 13: Russian words whose skeleton spells an English one ('шапка', a hat, reads
  // 'wanka'; 'петроглиф' reads 'netporn…'), prevention campaigns, a stadium
  'шапка', 'шапки', 'шапке', 'шапку', 'шапкой', 'шапок', 'шапках', 'шапочка', 'шапочке', 'шапочку', 'ушанка', 'ушанке',
  'петроглиф*', 'prevention du suicide', 'prevention of suicide', 'wankhede*',
  // prevention campaigns in the languages red team 13 wrote (their suicide words refuse on their own since)
  'pencegahan bunuh diri', 'cegah bunuh diri', 'prevenirea sinuciderii', 'itsemurhien ehkaisy', 'intiharı önleme', 'intihari onleme',
  'ongyilkossag megelozes', 'πρόληψη της αυτοκτονίας', 'आत्महत्या रोकथाम', 'আত্মহত্যা প্রতিরোধ',
];
