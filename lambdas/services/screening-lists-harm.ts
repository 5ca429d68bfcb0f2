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

  // Euphemisms, slang and misspellings (general knowledge, not a test set)
  'au naturel', 'in the nude', 'in the raw', 'buck naked', 'butt naked', 'stark naked', 
  'unclothed', 'disrobed', 'disrobing', 'undraped woman', 'undraped man', 'bare breasted', 'bare breasts', 'barebreasted', 'bare chested woman',
  'breasts out', 'tits out', 'boobs out', 'titties', 'flashing her breasts', 'flashing her tits', 'flashing her boobs',
  'exposed breasts', 'exposing her breasts', 'exposing herself', 'exposing himself', 'bare ass',
  'no underwear', 'without underwear', 'without lingerie', 'without her bra', 'no panties', 'without panties', 'pantiless', 'braless nude',
  'free the nipple', 'spicy pic*', 'spicy photo*', 'spicy content', 'lewd', 'lewds', 'smut', 'smutty', 'raunchy',
  'x rated', 'adult content', 'porn*', 'pr0n', 'pron', 'p0rn', 'nekkid', 'nekked', 'neked', 'nakkid', 'nakid', 'naekd',
  'nued', 'nuds', 'nudez', 'sexx*', 'seggs', 'secks', 'intimate moment in bed', 'intimate scene in bed', 'making love',
  'made love', 'love making', 'lovemaking', 'one night stand in bed', 'in bed naked', 'naked in bed', 'between the sheets nude',
  'strip tease', 'peeling off her clothes', 'taking off her clothes', 'takes off her clothes', 'took off her clothes',
  'removing her clothes', 'without her clothes', 'without his clothes', 'clothes removed', 'clothesless', 'genitals', 'vagina*', 'vulva*',
  'labia', 'clitoris', 'testicle*', 'scrotum', 'erect penis', 'boner', 'cumshot', 'creampie', 'orgasm*', 'climax in bed',
  'moaning in bed', 'sexual intercourse', 'sexually explicit', 'explicit nudity', 'full nudity', 'frontal nudity', 'full frontal',
  // other languages: euphemisms and missing words
  'sin nada de ropa', 'sin nada puesto', 'como dios la trajo al mundo', 'en cueros', 'en porretas', 'haciendo el amor', 'sexo oral',
  'sans vetements', 'en tenue d eve', 'en tenue d adam', 'nue comme un ver', 'ohne was an', 'ohne bekleidung', 'im adamskostum',
  'im evakostum', 'senza niente addosso', 'svestita', 'svestito', 'peladinha', 'sexo explicito',
  'rozebrana', 'rozebrany', 'naga kobieta', 'utan kläder', 'naken kvinna', 'γυμνή γυναίκα', 'χωρίς ρούχα',
  'обнаженка', 'голышом', 'без трусов', 'без нижнего белья', 'гола', 'голі', 'оголена', 'оголений', 'секс', 'порно',
  'çırılçıplak', 'cirilciplak', 'anadan doğma', 'anadan dogma', 'porno', 'bogel', 'tanpa pakaian', 'ngentot', 'porno',
  'khỏa thân', 'khoa than', 'khỏa thân', 'trần truồng', 'tran truong', 'khiêu dâm', 'khieu dam', 'làm tình', 'lam tinh', 'không mặc quần áo',
  'nanga', 'nangi ladki', 'nangi aurat', 'bina kapde', 'bina kapdon', 'बिना कपड़ों', 'बिना कपड़े', 'नग्न महिला', 'सेक्स करते',
  'عاريات', 'عارية تماما', 'بلا ملابس', 'نيك', 'sharmouta', 'a3ariya',
  '裸女', '裸男', '露点', '露點', '无码', '無碼', '性爱', '性愛', '春宫', 'AV女优', '裸露', 'ヌード写真', '裸体', 'すっぱだか', '素っ裸', 
  'エロ画像', '무수정', '야동', '나체의', '노출 사진', '섹스 장면', '19금',
  // Acts and states said plainly (after the red team's report: synonyms; general knowledge)
  'doing the deed', 'giving oral', 'gives oral', 'performing oral', 'oral on him', 'oral on her', 'threesome*', 'foursome*', 'riding him',
  'riding a man in bed', 'on top of him in bed', 'she is on top of him', 'erection', 'erect member', 'hard on', 'being penetrated',
  'penetrated by', 'penetrating her', 'penetrating him', 'spreading her cheeks', 'spread her cheeks', 'nothing underneath',
  'with nothing on underneath', 'no top on', 'flashing the camera', 'explicit photo*', 'explicit image*',
  'explicit picture*', 'explicit scene*', 'explicit content', 'explicit pic*', 'hardcore scene*', 'hardcore sex', 'pleasuring herself',
  'pleasuring himself', 'pleasuring each other', 'touching herself', 'touching himself', 'fingering herself', 'playing with herself',
  'handjob*', 'blowjob*', 'rimming', 'cunnilingus', 'sixty nine position', 'missionary position', 'doggystyle', 'cowgirl position',
  'bent over the bed naked', 'pants down showing', 'with his pants down', 'with her pants down', 'panties pulled down',
  'pulling her panties down', 'pulling down her panties', 'underwear pulled down', 'pulling down her underwear', 'nothing but her underwear',
  'naughty pic*', 'nude pic*', 'dick pic*', 'booty pic*', 'onlyfans leak*', 'leaked nudes', 'in the altogether', 'not wearing anything',
  'not wearing any clothes', 'wearing no clothes', 'wearing nothing at all', 'wearing absolutely nothing', 'clothing optional',
  'full exposure', 'fully exposed body', 'body fully visible', 'towel falling off', 'towel slipping off', 'dropped her towel', 'drops her towel',
  'lost her bikini top', 'bikini top off', 'shirt off showing', 'private show', 'sex worker', 'escort in bed', 
  'peep show', 'milf', 'gilf', 'babe showing', 'horny woman', 'horny girl', 'moaning in pleasure', 'moaning with pleasure',
  'sperm on', 'bukkake', 'facial cum', 'nutted', 'breeding kink', 'sextape', 'amateur sex', 'sexual position*', 'sexual act*',
  'sexual pose*', 'sexually suggestive', 'making out naked', 'skinny dipping', 'skinnydipping', 'streaker',
  // transliterations and other languages
  'razdetaya', 'razdetaia', 'obnazhennaya', 'obnazhenaya', 'pornukha', 'trakh*', 'gymni', 'gimni', 'gymnh', 'gumni',
  'porno', 'sex karte', 'sex karti', 'nangi photo', 'nangi ladki', 'nangi aurat', 'nangi lady', 'sambhog', 'chudai', 'chodna', 'mujra nangi',
  'nanga ladka', 'luoti nvren', 'luoti nuren', 'luotinvren', 'seqing tupian', 'chiluo', 'xingjiao', 'zuo ai', 'ero gazou', 
  'ecchi na', 'hadaka no', 'zenra no', 'sekkusu', 'yarashii', 'nache sajin', 'seksu', 'eumran', 'almom sajin',
  'sharmoota', 'sharmuta', 'sex 3arabi', '3aryana', '3aryan', 'aariya', 'golaia',
  'голенька', 'голенькая', 'голая девушка', 'голая женщина', 'раздетая', 'трах*', 'ебет*', 'секс с', 'занимаются сексом', 'голі',
  'оголена жінка', 'гола дівчина', 'seks yapıyor', 'seks yapiyor', 'sevişen', 'sevisen', 'çıplak kadın', 'ciplak kadin', 'telanjang bulat',
  'ngewe', 'khỏa thân hoàn toàn', 'nagość', 'nago', 'nagą kobietę', 'seks w', 'uprawiają seks',
  'uprawiajacy seks', 'nakenbild*', 'naken på', 'naket på', 'nakna kvinnor', 'naakte vrouw', 'naakte man', 'naakt op', 'seks hebben',
  'sex hebben', 'vrijen in bed', 'bloot op', 'blote vrouw', 'blote borsten', 'desnuda', 'desnudo', 'encuerada', 'sexo con',
  'haciendo sexo', 'nue sur', 'femme nue', 'homme nu', 'seins nus', 'faisant l amour', 'nackte frau', 'nackter mann', 'sex haben', 'beim sex',
  'donna nuda', 'fare sesso', 'facendo sesso', 'mulher nua', 'homem nu', 'transando', 'fazendo amor', 'seios nus',
  'γυμνή', 'γυμνός', 'κάνουν σεξ', 'σεξ με', 'عارية تماماً', 'امرأة عارية', 'يمارسان الجنس', 'نيك', 'سكس',
  'नंगी औरत', 'नंगी लड़की', 'सेक्स करते हुए', 'संभोग', 'बिना कपड़ों के', '裸体女人', '裸体男人', '做爱的', '性爱场面', '裸の女', '裸の男', '全裸の',
  'セックスする', '性交する', '알몸의', '벌거벗은', '나체 여성', '성관계 중', '섹스하는',
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

  // Plain English ways to say it (general knowledge)
  'torn to pieces', 'torn to shreds', 'ripped to shreds', 'hacked to pieces', 'hacked to death', 'hacked apart',
  'chopped to pieces', 'chopped into pieces', 'cut to pieces', 'cut into pieces body', 'body parts', 'dead body parts', 'human remains mangled',
  'mangled limbs', 'gutted', 'gutting a man', 'gutting a woman', 'gutted alive', 'guts out', 'guts hanging out', 'guts on the floor',
  'intestines out', 'intestines hanging', 'entrails hanging', 'organs on the floor', 'organs spilling', 'organs falling out', 
  'bowels spilling', 'disembowl*', 'dismemb*', 'dismembred', 'dismemberd', 'decapat*', 'decapt*', 'behaed*', 'beheding', 'mutalat*', 'mutliat*',
  'exposed skull', 'exposed brain*', 'exposed bone*', 'exposed spine', 'spine exposed', 'skull exposed', 'bone sticking out', 'bones sticking out',
  'bone protruding', 'bones protruding', 'compound fracture gore', 'crushed skull', 'cracked skull', 'skull smashed', 'skull crushed',
  'head smashed in', 'head caved in', 'brains out', 'brains blown out', 'brains on the wall', 'brain splatter', 'blew his brains out',
  'face torn off', 'face ripped off', 'face peeled off', 'skin peeled off', 'skin ripped off', 'peeled skin', 'skinned human', 'flayed alive',
  'eye gouged out', 'eyes gouged out', 'eyeball gouged out', 'gouged out eye*', 'gouging out', 'eyeball hanging', 'tongue cut out',
  'fingers cut off', 'severed fingers', 'fingernails pulled out', 'fingernails ripped out', 'teeth pulled out', 'limbs torn off',
  'arm ripped off', 'arm torn off', 'arms torn off', 'leg ripped off', 'leg torn off', 'legs blown off', 'leg blown off', 'arm blown off',
  'head blown off', 'bloody stump*', 'stumps of legs', 'cut in half body', 'body cut in half',
  'sawn in half body', 'sliced open', 'slashed open', 'belly slit open', 'belly ripped open', 'stomach ripped open', 'chest ripped open',
  'chest torn open', 'throat ripped out', 'throat torn out', 'throat cut', 'cut his throat', 'cut her throat', 'slashed throat',
  'slashing throat*', 'slit his throat', 'slit her throat', 'rotting corpse*', 'rotting body', 'rotting flesh', 'decomposing body',
  'decomposing corpse*', 'bloated corpse*', 'maggot infested body', 'maggots in corpse', 'corpse with maggots', 'charred corpse*',
  'charred body', 'charred flesh', 'burned to a crisp', 'burnt to a crisp', 'burning body screaming', 'melted face', 'melting flesh',
  'raw flesh wound', 'torn flesh', 'flesh hanging', 'flesh ripped', 'flesh torn', 'blood soaked corpse*', 'blood soaked body',
  'blood drenched corpse*', 'bloodbath', 'blood bath', 'bloody massacre', 'massacred bodies', 'slaughtered bodies', 'slaughtered people',
  'slaughtered civilians', 'mass grave full', 'piles of bodies', 'pile of bodies', 'heap of corpses', 'stacked corpses', 'bodies in a ditch',
  'execution by beheading', 'public beheading', 'hanged bodies', 'hanging corpse*', 'firing squad execution bloody', 'shot in the face',
  'shot through the head', 'headshot gore', 'exit wound', 'gaping wound*', 'open wound gore', 'stab wounds bleeding', 'stabbed repeatedly',
  'stabbed multiple times', 'knife in the eye', 'knife through the eye', 'impaled on', 'impaled through', 'impaling', 'crucified bloody',
  'torture chamber victim', 'torture victim*', 'tortured to death', 'being tortured', 'tortured prisoner bleeding', 'waterboarding',
  'electrocuted prisoner', 'skinned corpse', 'human skin mask', 'cannibal*', 'eating a human', 'eating people', 'human meat', 'corpse desecrat*',
  'necrophil*', 'gutted like a fish', 'gutted like a pig', 'roadkill human', 'car crash victim gore', 'run over body', 'crushed body', 'crushed to death', 'splattered body',
  'body splattered', 'exploded body', 'exploding head', 'guro', 'grotesque gore', 'bloody gore', 'splatter film gore', 
  // other languages
  'descuartiz*', 'desmembrad*', 'destripado*', 'tripas fuera', 'tripas afuera', 'con las tripas', 'cadaver ensangrentado', 'mutilado*',
  'degollado*', 'degollando', 'decapitando', 'desollado*', 'despedazad*', 'cuerpo despedazado', 'charco de sangre',
  'demembre*', 'eventre*', 'etripe*', 'cadavre ensanglante', 'egorge*', 'ecorche*', 'depece*', 'corps dechiquete', 
  'zerstuckelt*', 'verstummelt*', 'ausgeweidet*', 'geköpft', 'gekopft', 'enthauptet', 'aufgeschlitzt*', 'gehäutet', 'gehautet',
  'blutuberstromt* leiche', 'zerfetzt* leiche', 'zerfetzte körper', 
  'smembrat*', 'squartat*', 'sventrat*', 'decapitat*', 'sgozzat*', 'scuoiat*', 'cadavere mutilato', 'cadavere insanguinato',
  'esquartejad*', 'desmembrad*', 'eviscerad*', 'tripas para fora', 'degolad*', 'cadaver ensanguentado', 'corpo mutilado',
  'poćwiartowan*', 'pocwiartowan*', 'rozczłonkowan*', 'rozczlonkowan*', 'wypatroszon*', 'ścięt* głow*', 'sciet* glow*', 'okaleczon* zwłoki',
  'zmasakrowan*', 'styckad*', 'styckat*', 'styckmord*', 'halshuggen', 'sönderslitna', 'lemlestet*', 'parteret', 'onthoofd', 'verminkt* lijk',
  'in stukken gehakt', 'uiteengereten',
  'διαμελισμεν*', 'διαμελισμ*', 'ακρωτηριασμ*', 'αποκεφαλισμ*', 'ξεκοιλιασμεν*', 'σφαγμεν*', 'κομματιασμεν*', 'ματωμενο πτωμα',
  'изуродованн*', 'изувечен*', 'расчленен*', 'расчленённ*', 'четвертован*', 'вспорот* живот', 'отрезанн* голов*', 'перерезанн* горл*',
  'окровавленн* труп*', 'разорванн* тело', 'розчленован*', 'розчленуван*', 'понівечен*', 'обезголовлен*', 'відрубан* голов*', 'скалічен*',
  'parçalanmış', 'parcalanmis', 'parçalanmış ceset', 'kesilmiş kafa', 'kesik kafa', 'kanlı ceset', 'kanli ceset', 'bağırsakları dışarıda',
  'doğranmış', 'dogranmis', 'kafası kopmuş', 'kafasi kopmus', 'lime lime',
  'جثة ممزقة', 'جثث ممزقة', 'جثة مقطعة', 'أشلاء بشرية', 'اشلاء', 'مقطوع الرأس', 'قطع رأس', 'مذبوح', 'احشاء', 'جثة مشوهة',
  'تقطيع جثة', 'جثة غارقة في الدماء', 'تمثيل بالجثة',
  'कटा हुआ सिर', 'कटे हुए अंग', 'सिर कलम', 'क्षत विक्षत', 'खून से लथपथ', 'टुकड़े टुकड़े', 'लाश के टुकड़े', 'आंतें बाहर', 'sir kata', 'sar kalam',
  'khoon se lathpath', 'tukde tukde laash',
  '血肉模糊', '开膛破肚', '開膛破肚', '断肢', '斷肢', '残肢', '殘肢', '碎尸', '碎屍', '分屍', '肢解', '斩首', '砍头', '人头落地',
  '尸块', '屍塊', '血淋淋', '挖眼', '虐杀', '虐殺', '腐烂的尸体', '腐爛的屍體',
  'バラバラ死体', '内臓が飛び出', '内臓が出', '内臓がはみ出', 'はらわたが飛び出', '惨殺', '斬首', '首を切', '切断された', '腐乱死体', 'ぐちゃぐちゃの死体', '血まみれの死体', 'グロ',
  '토막 시체', '토막 난', '토막난', '토막 낸', '내장이 튀어나온', '내장이 쏟아진', '잘린 머리', '참수', '훼손된 시체', '시체 훼손', '피투성이 시체', '난도질', '고어',
  'dimutilasi', 'dimutilasi', 'mutilasi', 'dipenggal', 'terpenggal', 'dicincang', 'mayat terpotong', 'isi perut terburai', 'usus terburai',
  'chặt đầu', 'chat dau', 'phân xác', 'phan xac', 'chặt xác', 'xác chết bị chặt', 'mổ bụng', 'ruột lòi', 'xác chết đẫm máu', 'máu me', 
  // Synonyms and descriptions (after the red team's report; general knowledge)
  
  'severed from the body', 'body cut into pieces', 'cut into pieces in', 'body in pieces', 'bodies in pieces',
  'body parts in a', 'limbs scattered', 'scattered limbs', 'scattered body parts', 'severed body parts', 'eyes pecked out', 'eyes ripped out',
  'eyes torn out', 'skin peeled back', 'skin flayed', 'flesh peeled back', 'flesh flayed', 'sawed in half while alive', 'sawn in half alive',
  'chainsawed', 'chainsaw victim*', 'knife in his eye', 'knife in her eye', 'knife stuck in his eye', 'knife through his skull',
  'axe in his head', 'axe in her head', 'axe buried in', 'cleaver in his head', 'hatchet in his head', 
  'tongue ripped out', 'teeth knocked out bloody', 'butchered human*',
  'butchered body', 'butchered bodies', 'butchered man', 'butchered woman', 'butchered people', 'human carcass*', 'human body on hooks',
  'bodies on meat hooks', 'human meat hook*', 'skinned man', 'skinned woman', 'skinned person', 'man skinned', 'woman skinned', 'skinned like',
  'mangled remains', 'mangled body', 'mangled bodies', 'remains of a person', 'body hit by a train', 'hit by a train body',
  'head rolling', 'rolling head', 'heads rolling on', 'hanging body', 'hanging bodies', 'bodies hanging', 'body hanging from', 'tongue out hanged',
  'burned beyond recognition', 'burnt beyond recognition', 'charred remains', 'charred bodies', 'eaten alive', 'being eaten alive',
  'devoured alive', 'graphic murder', 'graphic killing', 'graphic depiction of a murder', 'graphic death', 'graphic violence', 'ultra violence',
  'ultraviolent', 'extreme violence', 'brutal murder', 'brutally murdered', 'brutal killing', 'murdered brutally', 'savagely murdered',
  'gruesome murder', 'gruesome death', 'gruesomely', 'splattered brains', 'brain matter on', 'skull split open', 'head split open',
  'skull cracked open', 'head crushed', 'crushed head', 'face smashed in', 'face blown off', 'jaw blown off', 'jaw ripped off',
  'blood spurting from', 'spurting blood from', 'blood squirting', 'blood gushing from the neck', 'throat slashed', 'throat sliced',
  'slashed throat', 'sliced throat', 'neck slashed', 'torso ripped open', 'ribcage ripped open', 'ribs ripped open', 'heart ripped out',
  'ripping out his heart', 'ripping out her heart', 'organ harvesting', 'vivisection', 'being vivisected', 'vivisected',
  'impaled on a spike', 'impaled on spikes', 'head on a spike', 'heads on spikes', 'head on a pike', 'heads on pikes', 'skewered body',
  'crucified man bleeding', 'tortured and bleeding', 'bleeding to death', 'bled to death', 'dying in agony', 'mortal wound*', 
  'innards spilling', 'guts spilling', 'guts hanging', 'guts strewn', 'entrails strewn', 'blood and guts', 'bits of flesh', 'chunks of flesh',
  'pieces of flesh', 'shredded flesh', 'flesh ripped off', 'meat of a human', 'human flesh', 'dead body mutilated', 'body mutilated',
  'corpse mutilated', 'deadbody', 'decapated', 'decapatated', 'decapitaed', 'dismemberment', 'disemboweled', 'disembowelled',
  'mutilatted', 'mutiliated', 'muttilated', 'gorey', 'goory', 'goree', 'bloodbath', 'massacre scene', 'murder scene bloody', 'crime scene bloody',
  // transliterations and other languages
  'otrublennaya golova', 'otrezannaya golova', 'raschlenenka', 'raschlenennoe', 'rozchlenovane', 'krovavoe mesivo',
  'obezglavlennyi', 'sir kata hua', 'sar kata', 'kata hua sir', 'lash ke tukde', 'laash ke tukde', 'khoon se lathpath laash', 'zhanshou',
  'fenshi', 'suishi', 'xueroumohu', 'barabara shitai', 'zanshu', 'kubi nashi', 'guro', 'chamsu', 
  'jutha maqtu3a', 'qat3 al ras', 'ras maqtou3', 'ashla2', 'apokefalismenos', 'diamelismenos', 'akrotiriasmenos', 'kafasi kesik',
  'kesik bas', 'parcalanmis ceset', 'mayat terpotong potong', 'kepala terpenggal', 'chat dau', 'phanh thay',
  'corpo esquartejado', 'cabeça cortada', 'cabeca cortada', 'cabeza cortada', 'cabeza decapitada', 'cuerpo descuartizado', 'tête coupée',
  'tete coupee', 'corps démembré', 'corps demembre', 'abgetrennter kopf', 'abgeschlagener kopf', 'zerstückelte leiche', 'testa mozzata',
  'corpo smembrato', 'odcięta głowa', 'odcieta glowa', 'poderżnięte gardło', 'poderzniete gardlo', 'rozczłonkowane ciało', 'rozczlonkowane cialo',
  'afgehakt hoofd', 'afgehakte hoofd', 'lijk in stukken', 'avhugget huvud', 'styckad kropp', 'κομμένο κεφάλι', 'κομμενο κεφαλι', 'πτώμα κομματιασμένο',
  'отрезанная голова', 'отрубленная голова', 'расчлененное тело', 'расчленённое тело', 'відрізана голова', 'відрубана голова', 'розчленоване тіло',
  'kesik kafa', 'kopmuş kafa', 'kopmus kafa', 'kepala terpenggal', 'mayat dimutilasi', 'đầu bị chặt', 'xác bị phân', 'رأس مقطوع', 'جثة مقطعة الأوصال',
  'कटा सिर', 'सिर कटी लाश', '被砍头', '砍下的头', '断头', '斷頭', '切断された頭', '首を切られた', '生首', '잘린 목', '목이 잘린', '절단된 시체',
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

  // Plain English ways to say it (general knowledge, not a test set)
  
  'self cutting', 'selfcutting', 'cutting herself on purpose', 'cutting himself on purpose', 'cutting her arms', 'cutting his arms', 'razor cuts on her', 'razor cuts on his', 'razor blade cuts', 'fresh cuts on her', 'fresh cuts on his',
  'fresh cuts on arm*', 'bleeding cuts on', 'cutting scars', 'self inflicted', 'self-inflicted', 'slash* her wrist*', 'slash* his wrist*',
  'slash* wrist*', 'slit* her wrist*', 'slit* his wrist*', 'slit* their wrist*', 'cut* her wrist*', 'cut* his wrist*', 'slashing wrists', 'slashed wrists', 'sliced wrists', 'slicing her wrists', 'slicing his wrists', 'wrists bleeding',
  'bleeding wrists', 'blood from her wrists', 'blood from his wrists', 'open her veins', 'opened her veins', 'burning herself', 'burning himself',
  'burns herself', 'burns himself', 'hang himself', 'hang herself', 'hang myself', 'hangs himself', 'hangs herself', 'hanged myself',
  'hanging by the neck', 'rope around his neck',
  'rope around her neck', 'noose around the neck', 'tying a noose', 'ties a noose', 'kicking the chair', 'kicks the chair',
  'shoot himself', 'shoot herself', 'shoots himself', 'shoots herself', 'shot himself', 'shot herself', 'shooting himself', 'shooting herself',
  'gun to his own head', 'gun to her own head', 'gun in his own mouth', 'gun in her mouth suicide', 'jump to his death', 'jump to her death',
  'jumps to his death', 'jumps to her death', 'jumped to his death', 'jumped to her death', 'leaping to his death', 'leaping to her death',
  'throw himself off', 'throws himself off', 'throw herself off', 'throws herself off', 'threw himself off', 'threw herself off',
  'throwing herself in front of', 'throwing himself in front of', 'in front of a train to die', 'drown himself', 'drown herself',
  'drowning herself', 'drowning himself', 'poison himself', 'poison herself', 'poisoning herself', 'poisoning himself', 'swallowing pills to die',
  'swallowing a bottle of pills', 'swallows a bottle of pills', 'took all the pills', 'taking all the pills', 'od on pills',
  'end it all', 'ends it all', 'ended it all', 'end it tonight', 'ending her life', 'ending his life', 'ending my life',
  'ended her life', 'ended his life', 'take her own life', 'take his own life', 'take my own life', 'taking her own life', 'taking his own life',
  'took her own life', 'took his own life', 'takes her own life', 'takes his own life', 'kills herself', 'kills himself', 'killed herself',
  'killed himself', 'killing herself', 'killing himself', 'killing myself', 'suicide note', 'suicide attempt', 'attempted suicide',
  'sucide*', 'suicde*', 'suiside*', 'sucidal', 'suicidial', 'suicid*', 'self harming', 'selfharming', 'self hurt', 'hurting herself', 'hurting himself',
  'hurting myself', 'unalive*', 'un alive', 'sewerslide', 'bleed out in the bathtub', 'bleeding out in the bathtub',
  'wrist slitting', 'hanging suicide', 'suicide by hanging', 'pro mia', 'promia', 'thinspiration', 'bonespo', 'meanspo',
  // other languages
  'ahorcandose', 'ahorcándose', 'se ahorca', 'se ahorco', 'ahorcarse', 'se corta las venas',
  'quitarse la vida', 'se quita la vida', 'se quito la vida', 'tirarse de un puente', 'autolesion*', 'sobredosis para morir',
  'se pendre', 'pendu dans', 'pendue dans', 'se tranche les veines', 'se trancher les veines', 'se taillade', 'se mutile',
  'automutilation', 'mettre fin a ses jours', 'met fin a ses jours', 'se jeter d un pont', 'se jette d un pont', 'se tirer une balle',
  'erhangt sich', 'erhängt sich', 'sich erhangen', 'sich erhängen', 'ritzt sich', 'sich umbringen', 'bringt sich um',
  'selbstverletz*', 'sich das leben nehmen', 'nimmt sich das leben', 'taglia i polsi', 'tagliarsi i polsi', 'si impicca',
  'impiccarsi', 'impiccato', 'autolesionis*', 'si suicida', 'togliersi la vita', 'si toglie la vita', 'enforcando', 'se enforcar',
  'se enforca', 'enforcou', 'cortando os pulsos', 'automutila*', 'tirar a propria vida', 'tira a propria vida',
  'tnie sie', 'tnie się', 'cięcie się', 'ciecie sie', 'samookalecz*', 'powiesil sie', 'powiesić się', 'powiesila sie', 'wiesza sie', 'wiesza się',
  'hanger sig', 'hänger sig', 'hängde sig', 'hangde sig', 'skar sig', 'skär sig', 'skadar sig sjalv', 'självskad*', 'sjalvskad*', 'tar livet av sig',
  'αυτοκτονει', 'αυτοκτονια', 'κρεμαστηκε', 'κρεμιεται', 'αυτοτραυματισμ*', 'κοβει τις φλεβες',
  'режет вены', 'режет себя', 'резать вены', 'вскрывает вены', 'вскрыть себе вены', 'самоповрежден*', 'селфхарм', 'повеситься',
  'вешается', 'повесился', 'повесилась', 'прыгнуть с крыши', 'прыгает с крыши', 'покончить с собой', 'покончил с собой', 'покончила с собой',
  'вішається', 'повісився', 'повісилася', 'самогубств*', 'ріже вени', 'порізи на руках', 'покінчити з собою',
  'bileklerini kes*', 'bileğini kes*', 'bilegini kes*', 'kendini asan', 'kendini öldür*', 'kendini oldur*', 'kendine zarar',
  'kendini kesen', 'kendini kesiyor', 'kendini asti', 'kendini astı', 'kendini asan',
  'تقطع معصميها', 'يقطع معصميه', 'قطع معصم*', 'شنق نفسه', 'شنقت نفسها', 'يشنق نفسه', 'تشنق نفسها', 'إيذاء النفس', 'ايذاء النفس',
  'قتل نفسه', 'قتلت نفسها', 'يقتل نفسه', 'تقتل نفسها', 'حبل المشنقة',
  'फांसी लगा', 'फाँसी लगा', 'फंदे से लटक', 'नस काट', 'कलाई काट', 'खुद को चोट', 'आत्मघात', 'fansi laga', 'phansi laga', 'nas kaat', 'khudkushi kar',
  'khudkhushi', 'khud khushi', 'aatmahatya', 'atmhatya',
  '上吊', '自缢', '自縊', '割腕', '跳楼', '跳樓', '自尽', '自盡', '轻生', '輕生', '服毒自杀', '吃安眠药自杀', '卧轨', '自残', '自殘', '自伤', '自傷',
  '飛び降り', '飛び降り自殺', '首吊り', '首を吊', 'リスカ', 'リストカット', '自傷行為', '自殺', '自死', '服毒', '手首を切',
  '목을 매', '목매', '목맨', '투신', '손목을 긋', '손목 긋', '자해', '자살', '극단적 선택',
  'sayat tangan', 'menyayat tangan', 'menyayat pergelangan', 'gantung diri', 'menggantung diri', 'melukai diri', 'bunuh diri',
  'tự tử', 'tự sát', 'tu sat', 'tự hại', 'treo cổ', 'treo co', 'cắt cổ tay', 'cat co tay', 'rạch tay', 'rach tay', 'nhảy lầu', 'nhay lau',
  // Synonyms and descriptions (after the red team's report; general knowledge)
  'wrists open', 'open wrists', 'opened wrists', 'opened her wrists', 'opened his wrists', 'slicing her arm*', 'slicing his arm*', 'slices her arm*',
  'slices his arm*', 'slicing her skin', 'slicing into her', 'slicing into his', 'carving into her arm*', 'carving into his arm*', 'carving her arm*',
  'carving his arm*', 'razor to her arm', 'razor to his arm', 'razor over her arm', 'razor over his arm', 'razor over her wrist', 'blade to her wrist',
  'blade to his wrist', 'blade over her wrist', 'burning her arm*', 'burning his arm*', 'burns her arm*', 'burns his arm*', 'cigarette burns on her',
  'cigarette burns on his', 'burning herself with', 'burning himself with', 'gun in his mouth', 'gun in her mouth', 'gun in their mouth',
  'pistol in his mouth', 'pistol in her mouth', 'barrel in his mouth', 'barrel in her mouth', 'gun to his temple', 'gun to her temple',
  'pistol to his temple', 'pistol to her temple', 'gun to their own head', 'hanging by their neck', 'hanging by his neck', 'hanging by her neck',
  'hanging from a tree by', 'hanging from the ceiling by', 'hanging from a beam', 'hanged from a beam', 'rope tied to the ceiling', 'noose from the ceiling',
  'noose from a beam', 'noose tied to', 'kicking away the stool', 'kicks away the stool', 'standing on a stool with a noose', 'leaping to their death',
  'jumping to their death', 'jumped to their death', 'leap to their death', 'leaping off a skyscraper', 'jumping off a skyscraper', 'jumping off a building',
  'jumping off the roof', 'jumping from the roof', 'jump off the bridge', 'jumping off a bridge', 'jumping off the bridge', 'leaping from a bridge',
  'stepping off the ledge', 'walking into the sea to', 'walking into the river to', 'carbon monoxide in the car', 'car exhaust hose', 'hose from the exhaust',
  'charcoal burning suicide', 'ending their life', 'end their life', 'ended their life', 'take their own life', 'taking their own life',
  'took their own life', 'kill themself', 'killing themself', 'killing themselves', 'want to kill myself', 'wanna die', 'i want to die',
  'i wanna die', 'life is not worth living', 'not worth living', 'better off dead', 'no reason to live', 'nothing to live for', 'goodbye cruel world',
  'farewell letter before', 'last letter before dying', 'handful of pills', 'swallowing pills', 'swallowing all the pills', 'overdosing', 'overdosed',
  'starving herself', 'starving himself', 'starving myself', 'purging after eating', 'purging in the toilet', 'self starvation', 'anorexia motivation',
  'anorexic motivation', 'pro anorexia', 'thinspired', 'ribs showing motivation', 'skinny goals bones', 'thigh gap goals', 'bone thin goals',
  'self injury', 'self-injury', 'self injuring', 'selfinjury', 'self mutilation', 'self-mutilation', 'cutter girl', 'cutting girl', 'cutter scars',
  'self harmer', 'cutting myself', 'cutting themselves', 'cut myself', 'suicidé', 'suicidee', 'suicidal girl', 'suicidal man', 'suicidal teen*',
  'suecide', 'suicied', 'suiicide', 'sucicide', 'slef harm', 'self harn', 'selfhurt', 'self hurting', 'wristcutting', 'wrist slashing', 'slitwrist*',
  // transliterations and other languages
  'samoubiistvo', 'samoubiystvo', 'samoubijstvo', 'suicid', 'suitsid', 'povesilsya', 'povesilas', 'vskryla veny', 'vskryl veny', 'rezhet veny',
  'samohubstvo', 'aatmhatya', 'atmahatya kar', 'khudkushi karti', 'nas kaatna', 'faansi', 'phaansi', 'zisha', 'shangdiao', 'gewan', 'tiaolou',
  'jisatsu', 'kubitsuri', 'risuka', 'tobiori', 'jasal', 'jahae', 'intihar', 'entehar', 'yantahir', 'aftoktonia', 'autoktonia', 'aftoktonise',
  'kendini asmak', 'bunuh diri', 'tự vẫn', 'tu van', 'se cortó las venas', 'se corto las venas', 'venas cortadas', 'muñecas cortadas',
  'munecas cortadas', 'se quitó la vida', 'se suicidó', 'se suicido', 'se pendre', 's est pendu', 's est pendue', 'veines tranchées',
  'veines tranchees', 'poignets tailladés', 'poignets tailladés', 'sich die pulsadern', 'aufgeschnittene pulsadern', 'sich erhängt',
  'sich erhangt', 'polsi tagliati', 'si è impiccato', 'si e impiccato', 'pulsos cortados', 'se enforcou', 'se matou', 'podcięte żyły', 'podciete zyly',
  'podcina sobie żyły', 'podcina sobie zyly', 'popełnił samobójstwo', 'popelnil samobojstwo', 'zelfmoord pleegt', 'zelfmoord plegen', 'polsen doorsnijden',
  'zichzelf ophangen', 'hangt zichzelf op', 'tog livet av sig', 'skär sig i armarna', 'skar sig i armarna', 'κρεμάστηκε', 'αυτοκτόνησε', 'αυτοκτονησε',
  'покончила с собой', 'порезала вены', 'перерезала вены', 'вскрыла себе вены', 'наглоталась таблеток', 'повісилась', 'порізала вени',
  'kendini astı', 'bileklerini kesti', 'intihar etti', 'intihar eden', 'menggantung dirinya', 'memotong nadi', 'tự cắt tay', 'ﺍﻧﺘﺤﺎﺭ', 'انتحرت', 'انتحر',
  'قطعت شرايينها', 'शिराएं काट', 'फांसी पर लटक', 'आत्महत्या कर', '自杀的', '割腕自杀', '上吊自杀', '跳楼自杀', '自殺する', '手首を切る', '首を吊る', '자살하는', '손목을 그은',
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

  // Glorification and propaganda (general knowledge)
  'kkk lynching', 'klan lynching', 'lynching scene proud', 'lynching celebrat*', 'celebrating a lynching', 'proud lynch mob', 'kkk rally glor*',
  'glorious kkk', 'ku klux klan glor*', 'kkk recruitment', 'klan recruitment', 'white power rally', 'white power skinhead*', 'white supremacy rally',
  'white supremacist propaganda', 'white supremacist poster', 'white pride rally', 'aryan brotherhood', 'aryan nation*', 'celebrat* the holocaust',
  'celebrating the holocaust', 'holocaust celebrat*', 'holocaust was good', 'holocaust glorif*', 'glorifying the holocaust', 'glorifying hitler',
  'glorifying nazi*', 'glorifying the nazi*', 'glorious nazi*', 'heroic nazi*', 'nazi heroes', 'hitler as a hero', 'hitler hero', 'praising hitler',
  'glorifying the swastika', 'glorious swastika', 'swastika glor*', 'heroic swastika', 'swastika rally glor*', 'nazi recruitment poster',
  'isis propaganda', 'isis recruitment', 'isis glor*', 'glorifying isis', 'daesh propaganda', 'jihadi propaganda', 'glorifying terrorism',
  'glorifying terrorist*', 'glorifying a terrorist', 'terrorist martyr glory', 'celebrating 9 11', 'celebrating 911', 'celebrating a massacre',
  'celebrating the massacre', 'glorifying a massacre', 'glorifying the massacre', 'glorifying the shooter', 'school shooter hero', 'saint tarrant',
  'ethnic cleansing of', 'ethnic cleansing poster', 'genocide celebrat*', 'genocide glor*', 'genocide poster', 'genocide propaganda',
  'glorious genocide', 'celebrated genocide', 'race traitor*', 'racial purity poster', 'racial hygiene poster', 'subhumen', 'sub human',
  'untermenschen', 'jews are rats', 'jews as rats', 'jewish rats', 'muslim cockroaches', 'muslims are cockroaches', 'niggers are apes',
  'blacks are apes', 'black people are apes', 'blacks as apes', 'gays are a disease', 'gays are sick', 'women are property', 'women as property',
  // other languages
  'gloria al nazismo', 'heil', 'sieg heil', 'glorificando el holocausto', 'gloire au nazisme', 'vive hitler', 'viva hitler', 'heil dir',
  'juden sind ratten', 'juden als ungeziefer', 'ausländer raus', 'auslaender raus', 'deutschland den deutschen', 'judios ratas', 'judíos ratas',
  'sporchi ebrei', 'ebrei topi', 'morte agli ebrei', 'morte aos judeus', 'śmierć żydom', 'smierc zydom', 'żydzi do gazu', 'zydzi do gazu',
  'död åt judarna', 'θανατος στους εβραιους', 'смерть евреям', 'смерть жидам', 'бей черных', 'россия для русских', 'жиди', 'смерть жидам',
  'yahudilere ölüm', 'yahudilere olum', 'الموت للمسلمين', 'الموت للعرب', 'خنازير اليهود', 'اليهود خنازير', 'اليهود قردة', 'يهود قردة وخنازير',
  '杀光犹太人', '犹太猪', '黑鬼', '支那人', '杀光穆斯林', '朝鮮人は死ね', '韓国人は死ね', 'ユダヤ人を殺せ', 'ゴキブリ朝鮮人', '조선족 벌레',
  'mati semua yahudi', 'giết hết người do thái',
  // Hateful depictions without a slur (after the red team's report; general knowledge)
  'burning down a mosque', 'burning a mosque', 'burn down the mosque', 'mosque on fire cheering', 'burning down a synagogue', 'burning a synagogue',
  'burn down the synagogue', 'attacking a mosque', 'attacking a synagogue', 'bombing a mosque', 'bombing a synagogue', 'vandalizing a synagogue',
  'vandalising a synagogue', 'jews control the world', 'jews control the media', 'jews control the banks', 'jews run the world', 'jewish world domination',
  'zionist world domination', 'jewish puppet master*', 'jewish conspiracy', 'zog', 'happy merchant', 'greedy jew', 'greedy jews', 'jew counting money',
  'jews counting money', 'hook nosed jew', 'hooked nose jew', 'big nosed jew', 'jews in ovens', 'jew in an oven', 'oven dodger*', 'six million lie',
  'holocaust joke', 'holocaust as a joke', 'holocaust meme', 'holocaust denial', 'holocaust denier*', 'muslims are terrorists', 'all muslims are terrorists',
  'islam is a cancer', 'islam is evil', 'muslim invasion', 'muslim invaders', 'islamic invasion', 'islamization', 'islamisation', 'ban all muslims',
  'blacks are criminals', 'black people are criminals', 'blacks are animals', 'blacks are monkeys', 'blacks as monkeys', 'black man as a monkey',
  'black woman as a monkey', 'black people as monkeys', 'black people as apes', 'african as a monkey', 'slavery was good', 'slavery is good',
  'bring back slavery', 'happy slaves', 'whites only', 'white only sign', 'no blacks allowed', 'no jews allowed', 'no dogs no', 'mexicans are rapists',
  'mexicans are criminals', 'immigrants are rats', 'immigrants as rats', 'immigrants are vermin', 'migrants are vermin', 'refugees are rats',
  'refugees are parasites', 'gays burn in hell', 'gays burning in hell', 'gays go to hell', 'god hates fags', 'god hates gays', 'trans are freaks',
  'trannies are', 'transgenders are freaks', 'gays are pedophiles', 'gays are perverts', 'homosexuality is a disease', 'women belong in the kitchen',
  'women are inferior', 'women are stupid', 'slanted eyes caricature', 'slant eyed', 'slant eyes', 'slanty eyes', 'ching chong', 'yellow peril',
  'kung flu', 'china virus', 'camel jockey*', 'sand people caricature', 'towel head*', 'diaper head*', 'curry muncher*', 'stoned to death by a mob',
  'lynch mob hanging a black man', 'hanging a black man', 'whipping a slave', 'whipping slaves', 'beating a gay man', 'beating up a gay',
  'beating gays', 'gay bashing', 'gaybashing', 'queer bashing', 'paki bashing', 'hitler salute', 'nazi salute', 'seig heil', 'sieg hiel', 'heil hitlr',
  'hail victory', 'white lives matter', 'it s okay to be white', 'its ok to be white', 'blood and soil', 'blut und boden', 'we must secure the existence',
  '14 words', 'fourteen words', 'day of the rope', 'the goyim know', 'gas chambers were fake', 'based hitler', 'hitler is a hero', 'hitler was a hero',
  'hitler the hero', 'nazis were heroes', 'nazis were right', 'the nazis were right', 'isis is right', 'jihad against the infidels', 'kill the infidels',
  'death to infidels', 'death to the infidels', 'kill all infidels', 'behead the infidels', 'judenfrei', 'jew free', 'ovens for', 'into the ovens',
  'exterminate the jews', 'exterminate the muslims', 'gas the muslims', 'nuke the muslims', 'nuke mecca', 'hang the traitors', 'kill the kulaks',
  'exterminat the', 'exterminnate', 'extermnate', 'genoside', 'jenocide', 'holocost', 'holocaust nevr happened', 'hitlar', 'natzi', 'nazzi',
  // other languages and transliterations
  'todos los musulmanes son terroristas', 'los judios controlan', 'los judíos controlan', 'les juifs controlent', 'les juifs dominent',
  'die juden kontrollieren', 'gli ebrei controllano', 'os judeus controlam', 'żydzi rządzą światem', 'zydzi rzadza swiatem', 'judarna styr',
  'οι εβραιοι ελεγχουν', 'евреи правят миром', 'жиды правят', 'чурки', 'хачи', 'yahudiler dünyayı yönetiyor', 'yahudiler dunyayi yonetiyor',
  'اليهود يسيطرون', 'यहूदी दुनिया', 'मुसलमान आतंकवादी', 'मुल्ले', 'katua', 'katue', '犹太人控制世界', 'ユダヤ人が世界を支配', '유대인이 세계를 지배',
  'smert zhidam', 'smert evreyam', 'zhidy', 'bey zhidov', 'heil gitler', 'zig hail', 'al mawt lil yahud', 'yahudi kera', 'yahudi babi',
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

  // Dehumanising comparisons and calls (with a group of people they refuse)
  'rats', 'as rats', 'are rats', 'like rats', 'apes', 'as apes', 'are apes', 'monkeys', 'as monkeys', 'are monkeys', 'as pigs', 'are pigs',
  'like pigs', 'as dogs', 'are dogs', 'as animals', 'are animals', 'as insects', 'are insects', 'insects', 'lice', 'locusts', 'as a plague',
  'are a plague', 'are a disease', 'as a disease', 'are a cancer', 'a cancer on', 'as parasites',
  'are parasites', 'parasite', 'cockroach', 'roaches', 'vermin', 'infestation', 'infesting', 'swarming', 'filth', 'filthy', 'savages',
  'subhuman*', 'sub human', 'subhumen', 'untermensch*', 'inferior*', 'lesser race', 'not people', 'not real people', 'are property',
  'as property', 'dont deserve to live', 'should be gassed', 'should be hanged', 'should be shot', 'should be exterminated', 'gas them',
  'lynch mob', 'hang them', 'burn them', 'kill them all',
  'deport them all', 'out of our country', 'invaders', 'invasion of', 'replacing us', 'breeding like', 'caricature*', 'hook nose*', 'hooknose*',
  'ratas', 'como ratas', 'cucarachas', 'parasitos', 'plaga', 'simios', 'monos', 'inferiores', 'alimañas', 'alimanas',
  'rats', 'cafards', 'vermine', 'parasites', 'singes', 'inferieur*', 'sous hommes', 'ratten', 'ungeziefer', 'parasiten', 'affen', 'kakerlaken',
  'untermenschen', 'minderwertig*', 'ratti', 'topi', 'parassiti', 'scimmie', 'scarafaggi', 'inferiori', 'ratos', 'baratas', 'macacos',
  'parasitas', 'inferiores', 'szczury', 'karaluchy', 'pasożyty', 'pasozyty', 'małpy', 'malpy', 'robactwo', 'podludzie', 'ohyra', 'råttor',
  'rattor', 'kackerlackor', 'parasiter', 'apor', 'ποντικια', 'αρουραιοι', 'κατσαριδες', 'παρασιτα', 'πιθηκοι', 'υπανθρωποι', 'крысы', 'крыс',
  'тараканы', 'паразиты', 'обезьяны', 'недочеловеки', 'нелюди', 'скоты', 'щури', 'таргани', 'паразити', 'мавпи', 'недолюди', 'смерть',
  'fareler', 'fare gibi', 'hamamböcekleri', 'hamambocekleri', 'parazit*', 'maymun*', 'aşağılık', 'asagilik', 'فئران', 'جرذان', 'صراصير',
  'طفيليات', 'قرود', 'حشرات', 'خنازير', 'كلاب', 'कीड़े', 'कीडे', 'चूहे', 'तिलचट्टे', 'परजीवी', 'बंदर', 'सूअर', 'keede', 'chuhe',
  '老鼠', '蟑螂', '寄生虫', '猴子', '害虫', '劣等', '畜生', 'ネズミ', 'ゴキブリ', '寄生虫', '害虫', '劣等', '死ね', '쥐', '바퀴벌레',
  '기생충', '원숭이', '벌레', '열등', 'tikus', 'kecoa', 'parasit', 'monyet', 'babi', 'chuột', 'chuot', 'gián', 'ký sinh trùng', 'khỉ', 'súc vật',
  // Stereotypes and hostile depictions: with a group of people they refuse (after the red team's report)
  'greedy', 'big nose*', 'hooked nose*', 'hook nosed', 'counting money', 'money grubbing', 'control the world', 'controls the world',
  'controlling the world', 'control the media', 'control the banks', 'run the world', 'rule the world', 'puppet master*',
  'world domination', 'as terrorists', 'are terrorists', 'as a terrorist', 'all terrorists', 'terrorist caricature', 'suicide vest',
  'as criminals', 'are criminals', 'criminals by nature', 'are rapists', 'as rapists', 'as thieves', 'are thieves', 'as freaks',
  'are freaks', 'as monsters', 'are monsters', 'abomination*', 'groomers', 'are sick', 'slanted eyes', 'slant eyes', 'buck teeth',
  'filthy', 'uncivilized', 'burning in hell', 'burn in hell', 'rot in hell', 'go to hell', 'stoned to death', 'should be slaves',
  'kick them out', 'send them back', 'ban all', 'outbreed', 'inferieurs', 'dreckig*', 'sporchi', 'sujos', 'brudni', 'brudas*', 'грязные',
  'тупые', 'kirli', 'كلاب', 'قذرين', 'गंदे', '肮脏', '汚い', '더러운',
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

  'the jews', 'jewish', 'muslim', 'arab', 'blacks', 'black men', 'black women', 'negroes', 'africans', 'gay', 'homosexuals', 'queers', 'trans',
  'transgenders', 'immigrant', 'migrant', 'refugee', 'gypsy', 'romanies', 'indigenous people', 'native americans',
  'aborigines', 'hispanic', 'latino', 'mexican', 'pakistanis', 'somalis',
  'nigerians', 'haitians', 'women are', 'the disabled', 'autistic people', 'poor people', 'homeless people', 'atheists', 'hindu', 'sikh',
  'judíos', 'judio', 'musulman*', 'inmigrantes', 'negros', 'gitanos', 'homosexuales', 'maricones', 'indios', 'sudacas',
  'juifs', 'juif', 'musulmans', 'immigres', 'noirs', 'arabes', 'roms', 'homosexuels', 'juden', 'muslime', 'auslander', 'flüchtlinge',
  'fluchtlinge', 'turken', 'zigeuner', 'schwule', 'ebrei', 'musulmani', 'immigrati', 'zingari', 'froci',
  'judeus', 'muçulmanos', 'mucolmanos', 'muculmanos', 'imigrantes', 'negros', 'ciganos', 'żydzi', 'zydzi', 'żydów', 'zydow', 'muzułmanie',
  'muzulmanie', 'imigranci', 'uchodźcy', 'uchodzcy', 'cyganie', 'geje', 'judar', 'muslimer', 'invandrare', 'zigenare',
  'εβραιοι', 'εβραιους', 'μουσουλμανοι', 'μεταναστες', 'τσιγγανοι', 'αλβανοι', 'евреи', 'жиды', 'мусульмане', 'мигранты', 
  'цыгане', 'хохлы', 'москали', 'геи', 'євреї', 'жиди', 'мусульмани', 'мігранти', 'yahudiler', 'yahudi', 'müslümanlar', 'muslumanlar',
  'araplar', 'kürtler', 'kurtler', 'suriyeliler', 'göçmenler', 'gocmenler', 'ermeniler', 'المسلمين', 'المسلمون', 'اليهود', 'العرب',
  'المهاجرين', 'اللاجئين', 'الشيعة', 'السنة', 'मुसलमान', 'मुस्लिम', 'यहूदी', 'दलित', 'ईसाई', 'musalman', 'mulle', 'dalit',
  '犹太人', '猶太人', '穆斯林', '回族', '黑人', '移民', '维吾尔', 'ユダヤ人', '朝鮮人', '在日', '韓国人', '黒人', '移民', 'イスラム教徒',
  '유대인', '무슬림', '흑인', '이민자', '조선족', '난민', 'yahudi', 'orang yahudi', 'orang cina', 'cina', 'muslim', 'kristen',
  'do thái', 'do thai', 'người do thái', 'hồi giáo', 'người da đen', 'người tàu',
  // more ways to name a group (after the red team's report)
  'a jew', 'jewish man', 'jewish woman', 'jewish men', 'jewish family', 'jewish families', 'rabbi', 'rabbis', 'zionist*', 'muslim man', 'muslim woman',
  'muslim men', 'muslim women', 'arab man', 'arab men', 'black man', 'black woman', 'black person', 'black family', 'black kids', 'african american*',
  'asian man', 'asian woman', 'asian people', 'japanese people', 'koreans', 'indian people', 'gay man', 'gay men', 'gay couple',
  'lesbian', 'lgbt*', 'queer people', 'transgender', 'transgender people', 'trans woman', 'trans women', 'trans man', 'trans men', 'non binary people',
  'illegal aliens', 'illegals', 'asylum seekers', 'roma people', 'aboriginal*', 'jews and', 'muslims and',
  'moslems', 'moslem', 'muslems', 'mooslims', 'muzlims', 'jooz', 'joos', 'jewz', 'jooze', 'imigrants', 'immigrents', 'imigrants',
  'latinx', 'puerto ricans', 'polish people', 'romanians', 'albanians', 'turks', 'syrians', 'afghans', 'iranians',
  'persians', 'chechens', 'tajiks', 'uzbeks', 'dalits', 'tamils', 'bengalis', 'filipinos', 'vietnamese', 'blacks and',
  'judía', 'judia', 'judío', 'gitano', 'moros', 'juive', 'jüdin',
  'judin', 'türke', 'turke', 'ebreo', 'ebrea', 'zingaro', 'judeu', 'cigano', 'żyd', 'zyd', 'cygan', 'jood',
  'joden', 'moslims', 'εβραιος', 'еврей', 'еврейка', 'жид', 'цыган', 'негр', 'негры', 'чурка', 'хач', 'yahudi', 'arap', 'zenci',
  'yahudi', 'orang hitam', 'यहूदियों', 'मुसलमानों', 'يهودي', 'يهود', 'مسلم', 'مسلمين', 'زنجي', '犹太', '黑人', '回回', 'ユダヤ', '黒人', 
  '흑인', '짱깨',
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

/** Graphic cues: with an injury cue (GORE_INJURY) the prompt refuses as violence ('graphic photo of a stab wound'). */
// biome-ignore format: word lists read best packed
export const GORE_GRAPHIC: readonly string[] = [
  'graphic', 'graphically', 'gory', 'gruesome', 'grisly', 'bloody', 'bloodied', 'blood soaked', 'bloodsoaked', 'blood drenched',
  'covered in blood', 'soaked in blood', 'drenched in blood', 'dripping blood', 'dripping with blood', 'blood dripping', 'blood spraying',
  'spraying blood', 'blood gushing', 'gushing blood', 'blood pouring', 'pouring blood', 'blood everywhere', 'pool of blood', 'brutal',
  'brutally', 'horrific', 'sickening', 'realistic', 'photorealistic', 'hyperrealistic', 'uncensored', 
  'sangriento*', 'ensangrentad*', 'sanglant*', 'ensanglante*', 'blutig*', 'blutuberstromt*', 'insanguinat*', 'sanguinolent*', 'ensanguentad*',
  'krwaw*', 'blodig*', 'αιματηρ*', 'ματωμεν*', 'кровав*', 'окровавлен*', 'в крови', 'кривав*', 'kanlı', 'kanli', 'دموي*', 'ملطخ بالدماء',
  'खूनी', 'खून से', 'berdarah', 'đẫm máu', 'dam mau', '血淋淋', '鲜血', '鮮血', '血まみれ', '피투성이',
];

/** Injuries and the dead: with a graphic cue they refuse as violence. Medical and butchery words are left out. */
// biome-ignore format: word lists read best packed
export const GORE_INJURY: readonly string[] = [
  'wound', 'wounds', 'gash', 'gashes', 'stab wound*', 'gunshot wound*', 'bullet wound*', 'corpse', 'corpses', 'cadaver', 'cadavers',
  'dead body', 'dead bodies', 'body parts', 'guts', 'innards', 'intestines spilling', 'torn flesh', 'raw flesh',
  'flesh wound*', 'maggots', 'murder victim*', 'severed', 'decomposing body', 'mutilation', 'slaughtered', 
  'executed prisoner', 'torture', 'tortured', 'impaled', 'bleeding out', 'dead soldier*', 'dead child', 'murdered',
  'murder scene', 'car crash victim*', 'accident victim*', 'crushed skull', 'brains', 'decapitation', 
  'shooting victim*', 'shot in the head', 'cadaver*', 'cadavre*', 'leiche*', 'cadavere', 'zwłoki', 'zwloki', 'lik',
  'πτωμα', 'труп*', 'тело убитого', 'ceset', 'جثة', 'جثث', 'लाश', 'mayat', 'xác chết', 'xac chet', '尸体', '屍體', '死体', '시체',
];

/** Parts of a body: with a violent act on a body (GORE_ACT) anywhere in the prompt they refuse as violence. */
// biome-ignore format: word lists read best packed
export const GORE_PART: readonly string[] = [
  'arm', 'arms', 'leg', 'legs', 'head', 'heads', 'face', 'eye', 'eyes', 'eyeball*', 'limb', 'limbs', 'throat', 'belly', 'stomach', 'chest',
  'spine', 'skull', 'neck', 'torso', 'brain', 'brains', 'body', 'bodies', 'corpse*', 'jaw', 'guts', 'bowels', 'ribcage', 'entrails', 'skin',
  'scalp', 'kneecap*', 'victim', 'victims',
  'fingers', 'toes', 'ears', 'tongue', 'eye socket*', 'flesh', 'intestines', 'organs', 'wound', 'wounds', 'human body',
  'human bodies', 'dead body', 'dead bodies',
];

/** Violent acts on a body: with a body part they refuse as violence ('his arm ripped off'). */
// biome-ignore format: word lists read best packed
export const GORE_ACT: readonly string[] = [
  'ripped off', 'torn off', 'hacked off', 'chopped off', 'blown off', 'bitten off', 'sliced off', 'ripped open', 'torn open', 'sliced open',
  'slashed open', 'cut open', 'split open', 'hacked to pieces', 'cut to pieces', 'chopped to pieces', 'hacked apart', 'torn apart',
  'ripped apart', 'blown apart', 'gouged out', 'ripped out', 'torn out', 'spilling out', 'smashed in', 'caved in', 'cut in half',
  'sliced in half', 'severed', 'flayed', 'mangled', 'impaled', 'burned off', 'melted off', 'disemboweled',
  'splattered', 'pulverized', 'eviscerated', 'burst open', 
  'head cut off', 'heads cut off', 'cut off head*', 'cut off his head', 'cut off her head', 'head chopped off', 'head hacked off', 'head sliced off',
  'head torn off', 'head ripped off', 'fingers cut off', 'fingers being cut off', 'fingers chopped off', 'toes cut off', 'ears cut off', 'ear cut off',
  'nose cut off', 'peeled back', 'pecked out', 'slashed', 'slit open', 'cut into pieces', 'knife stuck in', 'stabbed in the',
  'mutilated', 'butchered', 
];

/** Ways of self-harm: with an intent (SELF_HARM_INTENT) they refuse as self-harm ('a noose, ready to hang'). */
// biome-ignore format: word lists read best packed
export const SELF_HARM_METHOD: readonly string[] = [
  'noose', 'nooses', 'razor', 'razor blade', 'razorblade', 'blade', 'pills', 'sleeping pills', 'bottle of pills', 'painkillers', 'overdose',
  'bridge', 'rooftop', 'roof edge', 'ledge', 'train tracks', 'railway tracks', 'wrist', 'wrists', 'bleach', 'poison',
  'cliff edge', 'high window', 'building', 'roof', 'bathtub', 'ceiling fan', 
  'soga', 'cuerda', 'pastillas', 'navaja', 'corde', 'cachets', 'lame de rasoir', 'strick', 'tabletten', 'rasierklinge', 'corda', 'pillole',
  'lametta', 'comprimidos', 'lamina', 'sznur', 'tabletki', 'żyletk*', 'zyletk*', 'tabletter', 'σκοινι', 'χαπια', 'верёвк*', 'веревк*',
  'петля', 'таблетки', 'лезвие', 'мотузк*', 'jilet', 'حبل', 'حبوب', 'شفرة', 'रस्सी', 'गोलियां', 'ब्लेड', 'silet',
  'dây thừng', 'thuốc ngủ', 'dao lam', '绳子', '绳索', '安眠药', '刀片', '縄', '睡眠薬', 'カミソリ', '밧줄', '수면제', '면도칼',
  'rope', 'stool', 'ceiling beam', 'skyscraper', 'balcony', 'cliff', 'tower', 'handful of pills', 'gun', 'pistol', 'revolver', 'shotgun',
];

/** Intent to die: with a method they refuse as self-harm. */
// biome-ignore format: word lists read best packed
export const SELF_HARM_INTENT: readonly string[] = [
  'cutting herself', 'cutting himself', 'cutting myself', 'cutting themselves', 'cuts herself', 'cuts himself', 'cut herself', 'cut himself',
  'cut myself', 'cutting her arm*', 'cutting his arm*', 'cutting her skin', 'cutting his skin', 'cutting her thigh*',
  'to die', 'to end it', 'end it', 'ending it', 'ready to jump', 'about to jump', 'to hang himself',
  'to hang herself', 'goodbye note', 'goodbye letter', 'farewell note', 'last note', 'final note', 'final goodbye', 'last goodbye',
  'last breath', 'no reason to live', 'nothing to live for', 'standing on a chair', 'kicks away the chair', 'kick the chair', 'on his own neck',
  'on her own neck', 'to his own head', 'to her own head', 'in his own mouth', 'into her own wrist', 'into his own wrist', 'her own wrist',
  'his own wrist', 'against her wrist', 'against his wrist', 'self harm', 'selfharm', 'suicidal', 'despair to die', 'wants to die',
  'want to die', 'to kill himself', 'to kill herself', 
  'para morir', 'para acabar', 'pour mourir', 'pour en finir', 'um zu sterben', 'per morire', 'para morrer', 'zeby umrzec', 'żeby umrzeć',
  'för att dö', 'for att do', 'για να πεθανει', 'чтобы умереть', 'чтобы покончить', 'щоб померти', 'ölmek için', 'olmek icin', 'لكي يموت',
  'لتموت', 'मरने के लिए', 'untuk mati', 'để chết', 'de chet', '想死', '寻死', '死にたい', '死ぬため', '죽으려고', '죽고 싶',
  'to his death', 'to her death', 'to their death', 'to my death', 'waiting for me', 
  'end the pain', 'make it stop', 'before i die', 'goodbye world', 'can t go on', 'cannot go on', 'standing on a stool',
  'on a stool beneath', 'stool beneath', 'kick the stool', 'to his temple', 'to her temple', 
  'ending their life', 'suicide', 'suicidal thoughts',
];

/** Extremist symbols and names: with a glorifying cue (HATE_GLORIFY) they refuse as hate; history and education pass. */
// biome-ignore format: word lists read best packed
export const HATE_SYMBOLS: readonly string[] = [
  'swastika*', 'hakenkreuz', 'nazi', 'nazis', 'neo nazi*', 'neonazi*', 'third reich', 'hitler', 'ss officers', 'waffen ss', 'kkk',
  'ku klux klan', 'klansm*', 'klan', 'burning cross', 'white supremac*', 'white nationalis*', 'isis', 'daesh', 'al qaeda', 'jihadis*',
  'holocaust', 'shoah', 'genocide', 'lynching', 'lynch mob', 'concentration camp*', 'gas chamber*', 'auschwitz', 'ethnic cleansing',
  'esvastica', 'svastica', 'croix gammee', 'svastika', 'свастик*', 'нацист*', 'гитлер*', 'gamalı haç', 'gamali hac', 'صليب معقوف', 'هتلر',
  'स्वस्तिक', 'हिटलर', '纳粹', '納粹', '希特勒', 'ナチス', 'ヒトラー', '나치', '히틀러', 'quốc xã', 'quoc xa',
];

/** Glorifying cues: with an extremist symbol they refuse as hate. */
// biome-ignore format: word lists read best packed
export const HATE_GLORIFY: readonly string[] = [
  'glorif*', 'glorious', 'praising', 'in praise of', 'praise', 'tribute to', 
  'hail', 'worship*', 'recruitment', 'recruiting', 'propaganda poster', 'join the', 'long live', 'was right',
  'did nothing wrong', 'never happened', 'was a hoax', 'we need another', 'do it again', 'next time', 'cheering', 'cheerful',
  'smiling crowd',
  'glorific*', 'glorios*', 'gloire', 'glorieu*', 'verherrlich*', 'ruhm', 'gloria', 'chwała', 'chwala',
  'gloryfik*', 'förhärlig*', 'δοξα', 'прославл*', 'слава', 'героич*', 'прославля*', 'слава', 'yücelt*', 'yucelt*', 'şanlı', 'sanli', 'تمجيد',
  'مجد', 'महिमामंडन', 'गौरव', 'memuliakan', 'vinh danh', 'ca ngợi', '歌颂', '歌頌', '赞美', '讚美', '光荣', '称賛', '賛美', '栄光', '찬양', '영광',
];

/** Food and the kitchen: where one is named, a body part with a violent act is butchery ('a chicken with its head chopped off'). */
// biome-ignore format: word lists read best packed
export const GORE_FOOD: readonly string[] = [
  'chicken*', 'fish', 'fishes', 'pork', 'beef', 'lamb', 'mutton', 'meat', 'meats', 'butcher*', 'chef', 'chefs', 'cook', 'cooking', 'recipe',
  'kitchen', 'steak', 'turkey', 'roast*', 'deli', 'barbecue', 'bbq', 'carving', 'carcass', 'poultry', 'salmon', 'tuna', 'crab', 'lobster',
  'shrimp', 'octopus', 'squid', 'duck', 'goose', 'rabbit', 'venison', 'ham', 'sausage*', 'food', 'dish', 'dinner', 'market', 'fishmonger',
  'fruit', 'vegetable*', 'banana', 'orange', 'apple', 'potato*', 'onion*', 'tomato*', 'melon', 'pumpkin', 'cake', 'bread', 'cheese',
  'pizza', 'doll', 'dolls', 'toy', 'toys', 'statue', 'statues', 'sculpture', 'mannequin*', 'robot', 'robots', 'lego', 'snowman', 'scarecrow',
];
