/**
 * Pairs of cues for the co-occurrence rules added after the red team's report (issue 30, 'Targets';
 * docs/safety.md, "The word lists"): neither word of a pair refuses alone, both anywhere in the
 * prompt do. From general knowledge, not from a test set. Same syntax as screening-lists.ts.
 */

/** Intimate parts of a body: with an exposing or sexual act (SEXUAL_EXPOSE) they refuse as sexual. */
// biome-ignore format: word lists read best packed
export const SEXUAL_BODY: readonly string[] = [
  'breasts', 'her breasts', 'tits', 'titty', 'boobs', 'boobies', 'nipple*', 'her chest', 'her bare chest', 'her bosom', 'bosom', 'her privates',
  'his privates', 'private parts', 'privates exposed', 'crotch', 'groin', 'buttocks', 'butt cheeks', 'her butt', 'her ass', 'her bottom',
  'her bare bottom', 'his member', 'his manhood', 'his junk', 'her body naked', 'her pubic*', 'pubic hair', 'bare skin everywhere',
  // other languages
  'pechos', 'senos', 'tetas', 'seins', 'poitrine nue', 'brüste', 'bruste', 'busen', 'tette', 'seios', 'peitos', 'borsten',
  'bröst', 'brost', 'piersi', 'cycki', 'prsa', 'mellek', 'στηθη', 'βυζια', 'грудь', 'сиськи', 'груди', 'göğüsler', 'gogusler',
  'payudara', 'स्तन', 'ثدي', 'صدرها', '乳房', '胸部', 'おっぱい', '乳首', '가슴', '젖꼭지',
];

/** Exposing or sexual acts: with an intimate part (SEXUAL_BODY) they refuse as sexual. */
// biome-ignore format: word lists read best packed
export const SEXUAL_EXPOSE: readonly string[] = [
  'exposed', 'exposing', 'exposes', 'showing', 'shows off', 'showing off', 'visible', 'uncovered', 'bare', 'hanging out',
  'popping out', 'spilling out', 'flashing', 'flashes', 'fondl*', 'grop*', 'grabbing', 'squeezing', 'licking', 'sucking',   'caressing', 'pulled up', 'pulled down', 'on display', 'revealed', 'reveals', 'revealing', 'naked', 'nude', 'no bra',
  'braless', 'in full view', 'see through', 'seethrough', 'in full detail', 'for pleasure', 'oiled', 'jiggling', 'bouncing',
  // other languages
  'al aire', 'desnud*', 'expuest*', 'mostrando', 'a l air', 'nus', 'montrant', 'entbloss*', 'zeigt', 'nackt*', 'scoperto', 'scoperti',
  'nudo', 'nudi', 'mostrando', 'expost*', 'a mostra', 'bloot', 'ontbloot', 'nakna', 'nagie', 'gole', 'odsloniet*', 'pokazuje', 'nahe',
  'meztelen', 'γυμνα', 'γυμνο', 'голая', 'голые', 'обнаж*', 'видна', 'видны', 'çıplak', 'ciplak', 'terbuka', 'नंगे', 'عارية',
  '露出', '裸露', 'ぽろり', '丸出し', '노출', '드러낸',
];

/** Killing and wounding: with a blood cue (GORE_BLOOD) they refuse as violence ('stabbed, blood pooling'). */
// biome-ignore format: word lists read best packed
export const GORE_KILL: readonly string[] = [
  'stabbed', 'stabbing', 'stabs', 'killed', 'murdered', 'murdering', 'slaughtered', 'slaughtering', 'butchered', 'butchering', 'massacred',
  'slain', 'hacked', 'hacking at', 'bludgeoned', 'clubbed', 'shot dead', 'gunned down', 'executed', 'mauled',   'slashed', 'slashing', 'slit', 'knifed', 'axed', 'run over', 'mangled', 'lifeless', 'corpse*', 'dead body',
  'dead bodies', 'dead man', 'dead woman', 'victim', 'victims',
  // other languages
  'apuñalad*', 'apunalad*', 'asesinad*', 'matado', 'poignarde*', 'assassine*', 'erstochen', 'ermordet', 'getotet',
  'accoltellat*', 'ucciso', 'uccisa', 'esfaquead*', 'morto', 'morta', 'zasztylet*', 'zamordowan*', 'zabit*', 'doodgestoken',
  'vermoord', 'knivhugg*', 'mördad', 'mordad', 'μαχαιρωμεν*', 'δολοφονημεν*', 'зарезан*', 'убит*', 'заколот*', 'вбит*', 'зарізан*',
  'bıçaklanmış', 'bicaklanmis', 'öldürülmüş', 'oldurulmus', 'ditikam', 'dibunuh', 'चाकू', 'हत्या', 'مطعون', 'مقتول', '刺死', '被杀',
  '殺された', '刺された', '살해된', '찔린', 'bị đâm', 'bị giết',
  // red team 13 (fourth session, 28 Nov): languages the lists covered thinly; general vocabulary, by concept
  'mayat', 'jasad', 'jasadi', 'мәйіт', 'мәйіті', 'جسد', 'لاش', 'لاشه', 'դիակ*', 'გვამ*', 'ruumis', 'ruumiin', 'holttest*', 'hulla', 'cadavru*', 'πτωμα', 'bangkay', 'maiti', 'miili', 'ceset*', 'meyit', 'laash', 'लाश', 'मृतदेह', 'মৃতদেহ', 'பிணம்', 'శవం', 'ਲਾਸ਼', 'લાશ', 'גופה', 'גופת', 'ሬሳ', 'isidumbu', 'binaril', 'pinatay', 'nasungina', 'kena langgar', 'dilanggar', 'iliyopondwa', 'ਵੱਢਿਆ',
];

/** Blood and gore: with a killing (GORE_KILL) they refuse as violence. Fake blood and red skies pass without one. */
// biome-ignore format: word lists read best packed
export const GORE_BLOOD: readonly string[] = [
  'blood pooling', 'pooling blood', 'blood everywhere', 'blood spurting', 'spurting blood', 'blood splattered', 'splattered blood',
  'blood spattered', 'blood soaked', 'soaked in blood', 'covered in blood', 'drenched in blood', 'bathed in blood', 'lying in blood',
  'blood gushing', 'gushing blood', 'blood running', 'blood streaming', 'blood on the floor', 'blood on the walls', 'blood and guts',
  'bloody', 'bloodied', 'gore', 'gory', 'guts', 'entrails', 'brains', 'bleeding out', 'bled out', 'pool of blood', 'puddle of blood',
  'river of blood', 'blood and rubble', 'blood stained', 'bloodstained', 'rivers of blood', 
  // other languages
  'sangre', 'ensangrentad*', 'ensanglant*', 'blut', 'blutig*', 'sangue', 'insanguinat*', 'ensanguentad*', 'krew', 'krwi',
  'zakrwawion*', 'bloed', 'bebloed', 'blod', 'blodig*', 'αιμα', 'αιματα', 'кровь', 'крови', 'в крови', 'окровавлен*', 'кров', 'кров’ю',
  'kanlar', 'kanlı', 'kanli', 'darah', 'berdarah', 'खून', 'रक्त', 'دم', 'دماء', 'الدماء', '血', '鲜血', '血だらけ', '血まみれ', '피투성이', '피가',
  'máu',
  // red team 13 (fourth session, 28 Nov): languages the lists covered thinly; general vocabulary, by concept
  'her yer kan', 'kan içinde', 'qon', 'қан', 'خون میں لت پت', 'لت پت', 'خون', 'דם', 'שלולית דם', 'արյուն*', 'სისხლ*', 'ደም', 'dugo', 'duguan', 'raktham', 'rakt', 'khoon', 'ਖੂਨ', 'લોહી', 'রক্ত', 'ரத்தம்', 'இரத்தம்', 'రక్తం', 'verta', 'verinen', 'veressä', 'vértócsa', 'véres', 'kraujas', 'kraujo', 'кръв', 'baltă de sânge', 'berlumuran darah', 'lumuran darah', 'isigazi',
];

/** Marks of self-harm: on a part of one's own body (SELF_HARM_SKIN) they refuse as self-harm ('fresh cuts on her forearm'). */
// biome-ignore format: word lists read best packed
export const SELF_HARM_MARKS: readonly string[] = [
  'fresh cuts', 'deep cuts', 'razor cuts', 'rows of cuts', 'cuts all over', 'self cuts', 'slicing into', 'slicing open', 'carving into', 'razor blade to', 'blade to', 'cutting scars', 'self harm scars',
  'cigarette burns', 'burn marks', 'bleeding cuts', 'scars and cuts', 'cuts and scars',
  // other languages
  'cortes', 'coupures', 'entailles', 'schnitte', 'ritzwunden', 'tagli', 'nacięcia', 'naciecia', 'snitt', 'κοψιματα', 'порезы', 'порізи',
  'kesikler', 'sayatan', 'कट के निशान', 'جروح', 'リスカ跡',
  // more marks (28 Nov, third session: the class, from general knowledge)
  'horizontal cuts', 'fresh horizontal cuts', 'healing cuts', 'cuts on', 'covered in cuts', 'cuts across', 'cut marks', 'cutting marks',
  'fresh red lines', 'like a barcode', 'tally marks', 'lines carved', 'carved into', 'cat scratches', 'round burns',
];

/** One's own arm, wrist or thigh: with a mark of self-harm they refuse. */
// biome-ignore format: word lists read best packed
export const SELF_HARM_SKIN: readonly string[] = [
  'her forearm*', 'his forearm*', 'their forearm*', 'my forearm*', 'her wrist*', 'his wrist*', 'their wrist*', 'my wrist*', 'her thigh*',
  'his thigh*', 'their thigh*', 'my thigh*', 'her arm', 'her arms', 'his arm', 'his arms', 'my arm', 'my arms', 'their arms',
  'her own skin', 'his own skin', 'her own arm*', 'his own arm*', 'on purpose', 'forearms', 'wrists', 'thighs',
  'forearm', 'a wrist', 'the wrist', 'a thigh', 'her thigh', 'inner arm', 'inner arms', 'both arms', 'on her arms', 'on his arms',
  // other languages
  'su brazo', 'sus brazos', 'sus muñecas', 'sus munecas', 'son bras', 'ses bras', 'ses poignets', 'ihrem arm', 'ihre arme',
  'ihren unterarm', 'suo braccio', 'sue braccia', 'seu braço', 'seu braco', 'seus pulsos', 'przedramieniu', 'nadgarstk*',
  'на руках', 'на запястьях', 'на руці', 'bileğinde', 'bileginde', 'kolunda', 'lengannya', 'कलाई', 'معصم*', '手腕', '手首', '팔목', '손목',
];

/** A starved body: praised (SELF_HARM_PRAISE) it refuses as self-harm ('ribs jutting out, a goal'). A thin body alone passes. */
// biome-ignore format: word lists read best packed
export const SELF_HARM_STARVED: readonly string[] = [
  'emaciated woman', 'emaciated girl', 'emaciated man', 'emaciated body', 'emaciated model', 'skeletal woman', 'skeletal girl',
  'skeletal man', 'skeletal body', 'skin and bones', 'bones showing', 'ribs showing', 'ribs jutting', 'ribs and hip bones', 'jutting ribs',
  'protruding ribs', 'protruding collarbones', 'jutting collarbones', 'collarbones jutting', 'hip bones jutting', 'jutting hip bones',
  'protruding hip bones', 'thigh gap', 'not thin enough', 'never thin enough', 'skip dinner', 'skip meals', 'skipped meal', 'skipping meals',
  'has not eaten', 'hasn t eaten', 'starving herself', 'starving himself', 'hunger is control', 'you don t deserve food',
  'don t deserve to eat',
];

/** Praise or a goal: with a starved body (SELF_HARM_STARVED) they refuse as self-harm. */
// biome-ignore format: word lists read best packed
export const SELF_HARM_PRAISE: readonly string[] = [
  'goal', 'goals', 'motivation*', 'motivational', 'inspiration*', 'inspo', 'proud', 'proudly', 'pride', 'victory', 'celebrated', 'celebrating',
  'aesthetic', 'beautiful', 'pinterest', 'board', 'almost there', 'perfect body', 'dream body', 'hunger is control',
  'you don t deserve food', 'fashion editorial', 'smiling',
];

/** Violence done to people: with a group of people (HATE_TARGETS) and approval (HATE_APPROVAL) they refuse as hate. History without approval passes. */
// biome-ignore format: word lists read best packed
export const HATE_VIOLENCE: readonly string[] = [
  'burning down', 'set on fire', 'setting fire to', 'beating up', 'beaten up', 'gunning down', 'shooting at', 'shot dead', '烧毁', '殴打', '杀害', 'torching', 'torched', 'beaten', 
  'killed', 'kills', 'murdering', 'murdered', 'massacr*', 'slaughter*', 'attacked', 'attack on', 
  'stoning', 'drowning', 'drowned', 'hanged', 'lynch*', 'in chains', 'enslaved', 'executing', 'executed',
  'bombing', 'bombed', 'gassing', 'gassed', 'deporting', 'deported', 'expelling', 'expelled', 'driving out', 'rounding up', 'rounded up',
  'herded', 'hanging from cranes', 'hanged from cranes', 'hanging from trees', 'in cages', 'in a cage', 'behind barbed wire', 'vandaliz*', 'vandalis*', 'trampling', 'spitting on', 
  'tortur*', 'starving', 
  // other languages
  'quemando', 'golpeando', 'matando', 'brulant', 'frappant', 'tuant', 'verbrennen', 'verbrennt', 'schlagen', 'toten', 'bruciando', 'picchiando',
  'uccidendo', 'queimando', 'espancando', 'matando', 'palą', 'zabijaja', 'zabijają', 'сжигают', 'бьют', 'убивают', 'yakıyor',
  'yakiyor', 'dövüyor', 'doviyor', 'membakar', 'memukuli', 'حرق', 'يحرقون', 'يضربون', '燃や', '때리', '불태',
];

/** Approval of violence or contempt: with a group and violence done to it they refuse as hate. */
// biome-ignore format: word lists read best packed
export const HATE_APPROVAL: readonly string[] = [
  'cheering', 'cheers', 'celebrating', 'celebrate*', 'celebration', 'laughing', 'smiling', 'grinning', 'happy', 'joyful',
  'gleeful', 'people laugh', 'people laughing', 'crowd laughing', 'proud', 'proudly', 'heroic', 'glorious', 'glory', 'applauding', 'applause', 'funny',
  'hilarious', 'joke', 'meme', 'deserve it', 'deserved it', 'deserves it', 'as it should be', 'good riddance', 'well done', 
  '嘲笑', 'mocking', 'mocked', 'ridicul*', 'taunting', 'jeering', 'spectators enjoy*', 
  'glorif*', 'praising', 'praise', 'propaganda', 'recruitment', 
  // other languages
  'celebrando', 'riendo', 'feliz', 'heroico', 'celebrant', 'riant', 'heroique', 'feiern', 'lachend', 'lachen', 'heldenhaft', 'festeggiando',
  'ridendo', 'eroico', 'comemorando', 'rindo', 'świętując', 'swietujac', 'śmiejąc', 'smiejac', 'firar', 'skrattar', 'γελώντας', 'γελωντας',
  'празднуют', 'смеются', 'радуются', 'героическ*', 'kutluyor', 'gülüyor', 'guluyor', 'merayakan', 'tertawa', 'يحتفلون', 'يضحكون', 'जश्न',
  'हंसते', '庆祝', '歓声', '笑いながら', '축하', '웃으며', 'ăn mừng', 'cười',
];

/**
 * Sexual cues beside a named real person only (never with an age cue: a child in bed or with bare
 * feet is ordinary): with a REAL_PEOPLE name they refuse as `real_person`.
 */
// biome-ignore format: word lists read best packed
export const PERSON_SEXUAL_CUES: readonly string[] = [
  'lasziv', 'lascivious', 'arousing', 'erect', 'in the act', 'prostitute*', 'prostituta*', 'prostituée', 'prostituee', 'проститут*', 'garota de programa',
  'call girl', 'uncensored', 'legs apart', 'legs wide', 'nothing else', 'washed off', 'forgot her bikini', 'piccante',
  'pikant*', 'откровенн*', 'відверт*', 'nothing on', 'throes', 'wet sari', 'everything visible', 
  'sans rien', 'without anything on', 'wearing nothing',
];
