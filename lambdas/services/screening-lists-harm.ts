/**
 * The harm lists that go beyond single rude words (docs/safety.md, "The word lists"): sexual words
 * and nudity in the languages of the EU and the most spoken ones, minors, gore, self-harm, hate
 * phrases, and the cues the co-occurrence rules combine (an age cue with a sexual cue; a named real
 * person with a sexual or violent cue; a hostile act with a group of people).
 *
 * Same syntax as screening-lists.ts (`nud*` a stem, `*porn*` anywhere in a word, a space in a phrase
 * may be absent). Entries in any script are folded like the prompt (screening-text.ts), so
 * 'голая' also catches 'гoлaя' written with Latin look-alikes. Terms in scripts written without
 * spaces (Han, kana, Hangul, Thai) match anywhere in the prompt, spaces or not.
 * Transliterations sit next to their language (Latin-script Russian, Hindi, pinyin, romaji, Arabizi).
 */

/** Nudity and sexual words beyond screening-lists.ts' six languages (kind `sexual`). */
// biome-ignore format: word lists read best packed
export const SEXUAL_WORLD: readonly string[] = [
  // English additions
  'erotic*', 'erotica', 'lewd*', 'hentai', 'ecchi', 'bdsm', 'bondage', 'fetish porn', 'xxx', 'r34', 'rule34', 'rule 34',
  'nipple*', 'areola*', 'without a stitch', 'not a stitch', 'wearing nothing', 'in the buff', 'birthday suit', 
  'no clothes', 'no clothing', 'without clothes', 'without clothing', 'without any clothes', 'clothes off', 'clothing off',
  'stripped naked', 'strip naked', 'having sex', 'have sex', 'has sex', 'sex scene*', 'sex act*', 'sex tape*', 'sex video*',
  'sex position*', 'sex with', 'sex toy*', 'sextoy*', 'oral sex', 'anal sex', 'group sex', 'explicit sex', 'sex doll*',
  'sex slave*', 'sexting', 'sexshop', 'hardsex', 'sexcam*', 'intercourse', 'coitus', 'copulat*', 'fornicat*', 'genitalia',
  'spread legs', 'spreading her legs', 'spreading legs', 'legs spread', 'camel toe', 'upskirt*', 'downblouse', 'nip slip',
  'wet t shirt', 'onlyfans', 'playboy model', 'cameltoe', 'horny', 'aroused', 'naughty nurse', 'thirst trap',
  // Spanish, Portuguese, French, German, Italian additions
  'desnud*', 'encuerad*', 'sin ropa', 'en pelotas', 'en bolas', 'nudez', 'nudismo', 'nudista*', 'sem roupa*', 
  'erotico*', 'erotica*', 'erotique*', 'erotisch*', 'sexo explicito', 'haciendo el amor', 'fazendo sexo',
  'teniendo sexo', 'porno', 'nu integral', 'toute nue', 'tout nu', 'completement nu*', 'a poil', 'nue integrale', 'deshabill*',
  'faire l amour', 'nackt*', 'unbekleidet*', 'entblosst*', 'splitternackt*', 'ohne kleidung', 'oben ohne', 'freizugig*',
  'nuda', 'nude', 'nudi', 'nudes', 'nudity', 'nudie*', 'nudist*', 'nudism*', 'nudita', 'uomo nudo', 'corpo nudo', 'ragazzo nudo',
  'donna nuda', 'tutta nuda', 'tutto nudo', 'senza vestiti', 'fare l amore', 'svestit*', 'spogliat*',
  // Dutch, Swedish, Danish, Finnish, Estonian, Polish, Czech, Slovak, Hungarian, Romanian, Croatian, Slovenian
  'naakt*', 'bloot', 'zonder kleren', 'naken', 'nakna', 'naket', 'nakne', 'utan klader', 'uden toj',
  'alasti', 'alaston', 'alastom*', 'ilman vaatteita', 'paljas naine', 'nagie', 'naga kobieta', 'naga dziewczyna', 'nagi mezczyzna', 'mulher pelada', 'garota pelada', 'menina pelada', 'nøgen kvinde', 'nøgen mand', 'naha zena', 'naha divka', 'nahy muz', 'kaila sieviete', 'ممارسة الجنس', 'nagiego', 'nagosc', 'nagusienk*',
  'rozebran*', 'bez ubrania', 'seks z', 'uprawiaj* seks', 'nahy', 'nahota', 'nahou', 'nahe telo', 'svlecen*', 'vyzlecen*',
  'meztelen*', 'pucer*', 'goala', 'goale', 'dezbracat*', 'gola zena', 'gola djevojka', 'gola devojka', 'gola zenska', 'goli muskarac',
  'nuoga', 'nuogas', 'nuogi', 'nuogos', 'noctha', 'nocht', 'gharwien*',
  // Greek (accents are folded away)
  'γυμνη', 'γυμνος', 'γυμνοι', 'γυμνες', 'γυμνο', 'γυμνα', 'ερωτικ*', 'πορνο*', 'σεξ',
  // Russian, Ukrainian, Bulgarian, Serbian Cyrillic, with Latin-script Russian
  'голая', 'голый', 'голые', 'голой', 'голую', 'голышом', 'голыми', 'нагая', 'нагой', 'нагишом', 'обнаженн*', 'обнажённ*', 'раздет*',
  'раздева*', 'без одежды', 'порно*', 'эроти*', 'секс', 'сексуальн*', 'голяка', 'гола жена', 'оголен*', 'роздягнен*', 'без одягу',
  'golaya', 'golaia', 'golaja', 'golyi', 'goliy', 'golyy', 'golye', 'golaya devushka', 'obnazhenn*', 'razdet*', 'bez odezhdy', 'eroti*',
  // Turkish, Indonesian, Malay
  'ciplak*', 'cıplak*', 'soyunmus*', 'seks yapan', 'erotik*', 'telanjang*', 'bugil', 'tanpa busana', 'tanpa baju', 'bercinta',
  // Hindi, Urdu, Bengali, with Latin transliterations
  'नंगी', 'नंगा', 'नंगे', 'नग्न', 'निर्वस्त्र', 'अश्लील', 'सेक्स', 'चुदाई', 'nangi', 'nanga', 'nange', 'nagn', 'nirvastra', 'chudai',
  'ننگی', 'ننگا', 'برہنہ', 'عریاں', 'فحش', 'barhana', 'barahna', 'uryan', 'নগ্ন', 'উলঙ্গ', 'ল্যাংটা', 'যৌন', 'ulongo', 'nongto', 'nogno',
  // Arabic, with Arabizi
  'عارية', 'عاري', 'عراة', 'عارٍ', 'بدون ملابس', 'إباحي*', 'اباحي*', 'سكس', 'ariya', '3ariya', '3arya',
  // Chinese (simplified and traditional), with pinyin
  '裸体', '裸體', '裸照', '全裸', '赤裸', '一丝不挂', '一絲不掛', '脱光', '脫光', '光着身子', '色情', '做爱', '做愛', '性交', '黄片', '成人片',
  '淫', 'luoti', 'luo ti', 'quanluo', 'chiluo', 'seqing', 'se qing', 'zuoai', 'yisibugua',
  // Japanese, with romaji
  'ヌード', '全裸', '裸の', '裸で', 'エロ', 'セックス', 'えっち', 'エッチ', '性行為', 'アダルト', 'hadaka', 'zenra', 'nuudo', 'sekkusu',
  // Korean
  '누드', '나체', '알몸', '벗은 여자', '벗은 남자', '섹스', '야한', '성관계', '음란', '포르노', 'nache', 'almom',
];

/** Words about a minor that refuse on their own (kind `minors`). */
// biome-ignore format: word lists read best packed
export const MINORS: readonly string[] = [
  'loli', 'lolis', 'lolicon', 'shota', 'shotas', 'shotacon', '*underage*', 'under age', 'jailbait*', 'csam', 'cp porn',
  'pedo', 'pedos', 'pedophil*', 'paedophil*', 'pedofil*', 'padophil*', 'pedobear', 'child porn*', 'kiddie porn*', 'kinderporn*',
  'kinder porn*', 'preteen model*', 'pre teen model*', 'menor de edad', 'menores de edad', 'menor de idade', 'minderjahrig*',
  'minorenn*', 'mineur nu*', 'детское порно', 'педофил*', 'малолетк*', 'ロリ', 'ロリコン', 'ショタ', '児童ポルノ', '幼女', '萝莉', '蘿莉',
  '儿童色情', '兒童色情', '幼童色情', '로리', '아동 포르노', '미성년', 'lolikon', 'rorikon',
];

/** Who is a minor: a sexual cue beside any of these refuses (kind `minors`). Ages under 18 are read from numbers in word-lists.ts. */
// biome-ignore format: word lists read best packed
export const AGE_CUES: readonly string[] = [
  // English
  'child', 'children', 'childs', 'kid', 'kids', 'kiddo', 'minor', 'minors', 'toddler*', 'infant*', 'baby', 'babies', 'preschool*',
  'kindergart*', 'schoolgirl*', 'schoolboy*', 'school girl*', 'school boy*', 'school uniform', 'elementary school*', 'grade school*',
  'middle school*', 'junior high', 'primary school*', 'preteen*', 'pre teen*', 'tween*', 'teen', 'teens', 'teenage*', 'young teen*',
  'little girl*', 'little boy*', 'young girl*', 'young boy*', 'girl child', 'boy child', 'underage*', 'juvenile*', 'pubescent',
  'prepubescent', 'barely legal', 'jailbait*', 'lolita', 'loli', 'shota', 'daughter', 'stepdaughter', 'niece', 'schoolchild*',
  'cub scout*', 'girl scout*', 'boy scout*', 'brownie uniform', 'flat chested girl', 'youngster*', 'newborn*', 
  'first grader*', 'second grader*', 'third grader*', 'fourth grader*', 'fifth grader*', 'sixth grader*', 'seventh grader*',
  'eighth grader*', 'ninth grader*', 'student girl*', 'high school girl*', 'high schooler*', 'highschool girl*', 'jk', 
  // Spanish, Portuguese, French, German, Italian
  'nina', 'ninas', 'nino', 'ninos', 'nena', 'nenas', 'chiquilla*', 'colegiala*', 'adolescente*', 'menor', 'menores', 'infantil*',
  'crianca*', 'menina', 'meninas', 'menino', 'meninos', 'garotinha*', 'novinha*', 'enfant*', 'fillette*', 'petite fille*',
  'petit garcon', 'ecoliere*', 'ecolier*', 'mineure*', 'gamine*', 'kinder', 'madchen', 'madel', 'schulmadchen*', 'jugendlich*',
  'kleines madchen', 'teenager*', 'bambina*', 'bambino', 'bambini', 'ragazzina*', 'ragazzino*', 'scolaretta*', 'minorenne*',
  // Dutch, Swedish, Danish, Finnish, Polish, Czech, Hungarian, Romanian, Greek
  'kinderen', 'meisje*', 'jongetje*', 'schoolmeisje*', 'flicka', 'flickor', 'pojke', 'skolflicka', 'pige', 'lille pige',
  'lapsi', 'tytto', 'tyttonen', 'koulutytto', 'dziecko', 'dzieci', 'dziewczynka', 'dziewczynki', 'uczennica', 'nastolatk*', 'dite', 'deti',
  'holcicka', 'skolacka', 'gyerek', 'kislany', 'iskolas lany', 'copil', 'copii', 'fetita', 'scolarita', 'παιδι', 'παιδια', 'κοριτσακι',
  'μαθητρια', 'ανηλικ*',
  // Russian and others in Cyrillic, with Latin-script Russian
  'ребенок', 'ребёнок', 'дети', 'девочк*', 'мальчик*', 'школьниц*', 'школьник*', 'подрост*', 'несовершеннолетн*', 'малыш*', 'дитина',
  'rebenok', 'devochk*', 'shkolnits*', 'malchik*',
  // Turkish, Indonesian, Hindi, Urdu, Bengali, Arabic
  'cocuk*', 'kucuk kiz', 'liseli kiz', 'anak kecil', 'anak anak', 'gadis kecil', 'siswi', 'बच्ची', 'बच्चा', 'बच्चे', 'नाबालिग', 'लड़की उम्र',
  'bachchi', 'bacchi', 'nabalig', 'بچی', 'بچہ', 'نابالغ', 'শিশু', 'বাচ্চা', 'মেয়েশিশু', 'طفلة', 'طفل', 'أطفال', 'اطفال', 'قاصر', 'قاصرة',
  'طالبة مدرسة', 'tifla', 'tifl',
  // Chinese, Japanese, Korean
  '儿童', '兒童', '小女孩', '小男孩', '女童', '男童', '幼女', '少女', '未成年', '女学生', '女學生', '小学生', '小學生', '初中生', '中学生',
  '子供', '子ども', 'こども', '女子小学生', '女子中学生', '女子高生', '児童', '幼児', '아동', '어린이', '여자아이', '소녀', '여중생', '여고생',
  '초등학생', '중학생', '미성년자', 'joshikousei', 'shoujo', 'shojo', 'xiaonvhai', 'ertong',
];

/** Sexual cues that refuse only with an age cue or a named person (a seductive vampire and a lingerie shop window are fine). */
// biome-ignore format: word lists read best packed
export const SEXUAL_CUES: readonly string[] = [
  'explicit*', 'seduc*', 'lust', 'lustful', 'garter belt*', 'seductive*', 'sensual*', 'sultry', 'provocativ*', 'suggestive*', 'flirt*', 'lingerie', 'underwear', 'panties', 'panty',
  'thong', 'g string', 'corset', 'negligee', 'nightie', 'boudoir', 'pin up', 'pinup', 'sex',
  'bedroom eyes', 'making out', 'lap dance', 
  'skimpy', 'revealing', 'legs open', 
  'steamy', 'cleavage', 'busty', 'curvy', 
  'fetish*', 'kink*', 'dominatrix', 'latex', 'leather outfit',
  // other languages
  'sexo', 'sexe', 'sesso', 'sexy', 'lenceria', 'lingerie', 'ropa interior', 'bragas', 'calcinha', 'sutia', 'culotte',
  'unterwasche', 'reizwasche', 'dessous', 'biancheria intima', 'mutande', 'sensuale', 'seducente', 'provocante', 'provocant*',
  'verfuhrerisch*', 'seduisant*', 'sexuell*', 'ondergoed', 'underklader', 'bielizn*', 'spodni pradlo', 'fehernemu', 'lenjerie',
  'εσωρουχα', 'σεξι', 'белье', 'бельё', 'трусик*', 'соблазнительн*', 'сексуальн*', 'iç çamaşırı', 'ic camasiri', 'seksi', 'pakaian dalam',
  'सेक्सी', 'कामुक', 'sexy', 'ملابس داخلية', 'مثير*', 'مثيرة', 'إغراء', '内衣', '性感', '诱惑', '誘惑', '下着', 'セクシー', '色っぽい',
  '속옷', '섹시', '유혹', 'belyo', 'seksualn*', 'kamuk',
];

/** Gore and graphic violence (kind `violence`). */
// biome-ignore format: word lists read best packed
export const GORE: readonly string[] = [
  '*behead*', '*decapit*', '*dismember*', 'disembowel*', 'eviscerat*', 'viscera', 'visceral gore', 'entrails', 'guts spill*',
  'spilling guts', 'intestines spill*', 'spilled intestines', 'exposed intestines', 'exposed organs', 'organs hanging',
  'severed head*', 'severed neck*', 'severed limb*', 'severed arm*', 'severed leg*', 'severed hand*', 'severed finger*',
  'mutilat*', 'flayed', 'flaying', 'skinned alive', 'burned alive', 'burnt alive', 'torn apart body', 'ripped apart body', 'gore',
  'gory', 'goreporn', 'gore porn', 'ero guro', '内脏外露', '토막 살인', 'torture porn', 'snuff', 'snuff film*', 'brain matter', 'brains splattered',
  'blown off head', 'head blown off', 'headless corpse*', 'headless body', 'mangled corpse*', 'mangled body', 'mutilated corpse*',
  'bloody corpse*', 'corpse pile*', 'pile of corpses', 'dead bodies in blood', 'body parts everywhere', 'chopped up body',
  'cannibal eating', 'eating human flesh', 'slit throat', 'throat slit', 'slitting throat*', 'cut throat gore', 'impaled body',
  'crucified child', 'execution video', 'shot in the head', 'gunshot wound to the head', 'blood splatter*',
  'pool of blood', 'massacre of children', 'school shooting', 'mass shooting', 'lynching', 'lynched', 'stabbed to death',
  'beaten to death', 'hanged man corpse', 'autopsy photo', 'crime scene photo', 'dead child', 'dead baby', 'dead babies',
  // other languages
  'decapitad*', 'decapite*', 'decapitat*', 'decapitazione', 'enthaupt*', 'degoll*', 'egorg*', 'desmembr*', 'demembr*', 'smembr*',
  'zerstuckel*', 'destripad*', 'eventre*', 'sventrat*', 'ausgeweidet*', 'visceras', 'cadaver mutilado', 'cadavre mutile',
  'verstummelt*', 'leiche ohne kopf', 'mutilad*', 'mutile*', 'mutilat*', 'gore', 'onthoofd*', 'halshugg*', 'pozbawion* glowy', 
  'obezglavl*', 'обезглав*', 'расчлен*', 'расчлён*', 'выпотрош*', 'кишки наружу', 'отрубленн* голов*', 'изуродованн* труп*', 'кровавое месиво',
  'kafasi kesilmis', 'kafası kesilmiş', 'dipenggal', 'mutilasi', 'सिर कटा', 'सिर काट', 'क्षत-विक्षत', 'قطع الرأس', 'مقطوع الرأس',
  'أشلاء', 'جثة مشوهة', '斩首', '斬首', '砍头', '砍頭', '肢解', '分尸', '碎尸', '開膛', '开膛', '血腥', '首なし', '切断された首',
  'バラバラ死体', '참수', '고어', 'αποκεφαλ*', 'ακρωτηριασμεν*', 'zanshu', 'zhanshou', 'fenshi',
];

/** Self-harm and suicide (kind `self_harm`). */
// biome-ignore format: word lists read best packed
export const SELF_HARM: readonly string[] = [
  'suicide', 'suicides', 'suicidal', 'commit* suicide', 'kill* myself', 'kill* himself', 'kill* herself', 'kill* themselves',
  'kill* yourself', 'kys', 'self harm*', 'selfharm*', 'self injur*', 'self mutilat*', 'cutting her wrists', 'cutting his wrists',
  'cutting wrists', 'cut wrists', 'cut her wrists', 'cut his wrists', 'cuts on her wrists', 'slit* wrist*', 'slit* her wrists',
  'slit* his wrists', 'wrist cutting', 'razor cuts on arm*', 'hanging himself', 'hanging herself', 'hanging myself', 'hanged himself',
  'hanged herself', 'noose around his neck', 'noose around her neck', 'noose around my neck', 'overdos*', 'pills to die',
  'jumping to his death', 'jumping to her death', 'jump to my death', 'jumps off a bridge to die', 'end my life', 'end her life',
  'end his life', 'ending it all', 'want to die', 'wants to die', 'anorexic thinspo*', 'thinspo*', 'pro ana', 'proana',
  // other languages
  'suicidio', 'suicidarse', 'suicida*', 'suicidou', 'suicider', 'se suicide', 'selbstmord*', 'suizid*', 'zelfmoord*', 'sjalvmord*',
  'selvmord*', 'itsemurha*', 'samobojstw*', 'samobojc*', 'sebevrazd*', 'ongyilkos*', 'sinucid*', 'αυτοκτον*', 'intihar*', 'bunuh diri',
  'cortarse las venas', 'cortandose las venas', 'cortar os pulsos', 'se couper les veines', 'pulsadern aufschneid*', 'tagliarsi le vene',
  'самоубий*', 'суицид*', 'порезы на руках', 'вскрыть вены', 'вскрыла вены', 'повесил*ся', 'samoubiystvo', 'suitsid', 'आत्महत्या',
  'खुदकुशी', 'atmahatya', 'khudkushi', 'خودکشی', 'khudkushi', 'আত্মহত্যা', 'انتحار', 'ينتحر', 'تنتحر', 'intihar', '自杀', '自殺', '割腕',
  '上吊', '自残', '自殘', 'リストカット', 'リスカ', '首吊り', '自傷', '자살', '자해', '손목을 긋', 'zisha', 'jisatsu', 'risuka',
];

/** Hate phrases (kind `hate`; never repeated back). Slurs are in screening-lists.ts. */
// biome-ignore format: word lists read best packed
export const HATE: readonly string[] = [
  'gas the jews', 'gas the kikes', 'gas chamber* for', 'heil hitler', 'sieg heil', 'hail hitler', '1488', '14 88', 'white power',
  'white pride worldwide', 'white genocide', 'race war now', 'rahowa', 'holocaust never happened', 'holocaust is a lie',
  'holocaust was a hoax', 'holohoax', 'hitler was right', 'hitler did nothing wrong', 'ethnic cleansing now',
  'glorious genocide', 'celebrat* genocide', 'genocide is good', 'praise genocide', 'glorif* genocide', 'glorif* the holocaust',
  'nazi propaganda poster', 'kkk rally poster', 'burning cross rally', 'hang the gays', 'kill the gays', 'kill all gays',
  'death to jews', 'death to muslims', 'death to arabs', 'death to israel', 'death to america', 'subhuman*', 'untermensch*',
  'inferior race*', 'master race', 'aryan master race', 'jewish vermin', 'muslim vermin', 'go back to africa', 'deport all muslims',
  'great replacement', 'jew world order', 'juden raus', 'final solution to the jewish*', 'auslander raus', 'todos los judios', 'mort aux juifs', 'mort aux arabes',
  'tod den juden', 'judenrein', 'смерть жидам', 'бей жидов', 'хайль гитлер', 'зиг хайль', 'heil hitleru', '滅絕', '灭绝犹太人',
  '支那猪', 'ゴキブリ朝鮮人', '朝鮮人を殺せ', 'الموت لليهود', 'allahu akbar bomb', 'jihad bomb*', 'suicide bomber glory',
];

/** A hostile act: beside a group of people (HATE_TARGETS) it refuses as hate ('kill all the immigrants'). */
// biome-ignore format: word lists read best packed
export const HATE_ACTS: readonly string[] = [
  'kill all', 'kill every', 'killing all', 'exterminat*', 'extermination', 'eradicat*', 'wipe out', 'wiping out', 'gas the', 'gassing',
  'death to', 'lynch*', 'burn all', 'burn the', 'hang all', 'hang the', 'deport all', 'genocide of', 'cleanse the', 'purge the',
  'vermin', 'cockroach*', 'parasites', 'subhuman', 'inferior', 
  'should die', 'must die', 'deserve to die', 'go back to', 'not human', 'racist caricature*', 
  'matar a todos', 'exterminar', 'muerte a', 'mort aux', 'tuer tous', 'tod den', 'totet alle', 'ausrotten', 'vernichtet', 'sterminare',
  'morte ai', 'смерть', 'убить всех', 'уничтожить', 'öldürün', 'oldurun', 'bunuh semua', 'मार डालो', 'اقتلوا', 'الموت', '杀光', '消灭',
];

/** Groups of people: with a HATE_ACTS cue the prompt refuses as hate. */
// biome-ignore format: word lists read best packed
export const HATE_TARGETS: readonly string[] = [
  'jews', 'jewish people', 'jew', 'muslims', 'muslim people', 'islam', 'arabs', 'black people', 'blacks', 'africans', 'gays',
  'gay people', 'lesbians', 'trans people', 'transgender people', 'immigrants', 'migrants', 'refugees', 'mexicans', 'asians',
  'chinese people', 'indians', 'hindus', 'sikhs', 'christians', 'catholics', 'gypsies', 'romani', 'latinos', 'hispanics',
  'white people', 'whites', 'disabled people', 'women', 'feminists', 'palestinians', 'israelis', 'ukrainians', 'russians', 'kurds',
  'armenians', 'uyghurs', 'rohingya', 'tutsis', 'hutus', 'judios', 'musulmanes', 'negros', 'gitanos', 'inmigrantes', 'juifs', 'arabes',
  'musulmans', 'noirs', 'juden', 'muslime', 'auslander', 'fluchtlinge', 'zigeuner', 'ebrei', 'musulmani', 'zingari', 'евреев', 'жидов',
  'мусульман', 'черных', 'цыган', 'yahudiler', 'suriyeliler', 'यहूदी', 'मुसलमान', 'اليهود', 'المسيحيين', '犹太人', '黑人', '穆斯林',
  '朝鮮人', '韓国人', '中国人',
];

/** Violent cues: with a named real person they refuse (kind `real_person`). */
// biome-ignore format: word lists read best packed
export const VIOLENT_CUES: readonly string[] = [
  'murder*', 'kill', 'kills', 'killed', 'killing', 'shot dead', 'being shot', 'gets shot', 'got shot', 'shot by', 'shooting at', 'bombing', 'bombed', 'car bomb', 'executed', 'execution', 'stabbed', 'stabbing', 'wounded', 'wounds', 'hanged', 'beaten up', 'punched', 'punching', 'assassinat*', 'gunned down', 'hanged', 'lynch*', 'tortur*',
  'beaten', 'blood*', 'dead', 'death', 'dying', 'corpse*', 'body bag', 'coffin', 'explod*', 'burning alive',
  'strangl*', 'choking', 'attack*', 'injured', 'bleeding', 'gun to', 'pistol to',
  'knife to', 'guillotin*', 'electric chair', 'firing squad', 'drown*', 'decapitat*', 'behead*', 'crucif*', 'in prison beaten',
  'asesinad*', 'muerto', 'muerta', 'ermordet', 'ucciso', 'uccisa', 'morto', 'morta', 'assassine*', 'mort', 'убит*',
  'мертв*', 'труп', 'öldürül*', 'oldurul*', '死', '杀', '殺', '被杀', '暗殺', '살해', '죽은',
];

/**
 * Well-known real people a picture could be used against (a short list; the guardrail covers the
 * rest by meaning). With a sexual or violent cue the prompt refuses (kind `real_person`).
 */
// biome-ignore format: word lists read best packed
export const REAL_PEOPLE: readonly string[] = [
  'taylor swift', 'scarlett johansson', 'emma watson', 'jennifer lawrence', 'margot robbie', 'billie eilish', 'ariana grande',
  'selena gomez', 'kim kardashian', 'kylie jenner', 'beyonce', 'rihanna', 'zendaya', 'jenna ortega', 'millie bobby brown',
  'sydney sweeney', 'emma stone', 'natalie portman', 'angelina jolie', 'gal gadot', 'olivia rodrigo', 'dua lipa', 'shakira',
  'lady gaga', 'miley cyrus', 'megan fox', 'alexandria ocasio cortez', 'greta thunberg', 'michelle obama', 'melania trump',
  'ivanka trump', 'kamala harris', 'hillary clinton', 'nancy pelosi', 'donald trump', 'trump', 'joe biden', 'biden', 'barack obama',
  'obama', 'vladimir putin', 'putin', 'volodymyr zelensky', 'zelensky', 'zelenskyy', 'xi jinping', 'narendra modi',
  'kim jong un', 'emmanuel macron', 'macron', 'olaf scholz', 'angela merkel', 'giorgia meloni', 'keir starmer', 'rishi sunak',
  'boris johnson', 'justin trudeau', 'netanyahu', 'erdogan', 'lula', 'javier milei', 'king charles', 'prince william', 'kate middleton',
  'prince harry', 'meghan markle', 'queen elizabeth', 'pope francis', 'pope leo', 'elon musk', 'mark zuckerberg', 'jeff bezos',
  'bill gates', 'tom cruise', 'keanu reeves', 'leonardo dicaprio', 'brad pitt', 'johnny depp', 'justin bieber', 'bts', 'blackpink',
  'jisoo', 'jennie kim', 'lisa manobal', 'ronaldo', 'cristiano ronaldo', 'lionel messi', 'lebron james', 'serena williams',
  'путин', 'зеленский', '习近平', '習近平', '特朗普', '川普', '拜登', 'モディ', '安倍晋三', '岸田', '트럼프', '바이든', '윤석열', 'ترامب', 'بوتين',
  'मोदी', 'nerendra modi',
];
