/**
 * Word lists for the generators. Small on purpose: mock data has to look plausible, not be a census. The
 * Chinese lists follow Mock.js's naming: `cfirst` is the family name, which comes first in Chinese.
 */

export const FIRST_NAMES = [
  'James', 'John', 'Robert', 'Michael', 'William', 'David', 'Richard', 'Charles', 'Joseph', 'Thomas',
  'Christopher', 'Daniel', 'Paul', 'Mark', 'Donald', 'George', 'Kenneth', 'Steven', 'Edward', 'Brian',
  'Ronald', 'Anthony', 'Kevin', 'Jason', 'Matthew', 'Gary', 'Timothy', 'Jose', 'Larry', 'Jeffrey',
  'Frank', 'Scott', 'Eric', 'Mary', 'Patricia', 'Linda', 'Barbara', 'Elizabeth', 'Jennifer', 'Maria',
  'Susan', 'Margaret', 'Dorothy', 'Lisa', 'Nancy', 'Karen', 'Betty', 'Helen', 'Sandra', 'Donna',
  'Carol', 'Ruth', 'Sharon', 'Michelle', 'Laura', 'Sarah', 'Kimberly', 'Deborah', 'Jessica', 'Shirley',
  'Cynthia', 'Angela', 'Melissa', 'Brenda', 'Amy', 'Anna',
];

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Garcia', 'Rodriguez', 'Wilson',
  'Martinez', 'Anderson', 'Taylor', 'Thomas', 'Hernandez', 'Moore', 'Martin', 'Jackson', 'Thompson', 'White',
  'Lopez', 'Lee', 'Gonzalez', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Perez', 'Hall',
  'Young', 'Allen',
];

export const CHINESE_FAMILY_NAMES = [
  ...'王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段雷钱汤尹黎易常武乔贺赖龚文',
];

export const CHINESE_GIVEN_NAMES = [
  '伟', '芳', '娜', '秀英', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超',
  '秀兰', '霞', '平', '刚', '桂英',
];

/** The most common Chinese characters, the default pool of `@cword`. */
export const COMMON_HANZI = [
  ...'的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严',
];

export const TOP_LEVEL_DOMAINS = ['com', 'net', 'org', 'edu', 'gov', 'io', 'cn', 'com.cn', 'net.cn', 'org.cn'];

export const PROTOCOLS = ['http', 'https'];

/** Mock.js's list of standard banner sizes, the default size of `@image`. */
export const AD_SIZES = [
  '300x250', '250x250', '240x400', '336x280', '180x150', '720x300', '468x60', '234x60', '88x31', '120x90',
  '120x60', '120x240', '125x125', '728x90', '160x600', '120x600', '300x600',
];

export const REGIONS = ['东北', '华北', '华东', '华中', '华南', '西南', '西北'];

export interface City {
  readonly name: string;
  /** The six-digit administrative code, used as the first part of `@id`. */
  readonly code: string;
}

export interface Province {
  readonly name: string;
  readonly cities: readonly [City, ...City[]];
}

const city = (name: string, code: string): City => ({ name, code });

export const PROVINCES: readonly Province[] = [
  { name: '北京', cities: [city('北京市', '110100')] },
  { name: '天津', cities: [city('天津市', '120100')] },
  { name: '河北省', cities: [city('石家庄市', '130100'), city('唐山市', '130200'), city('保定市', '130600')] },
  { name: '山西省', cities: [city('太原市', '140100'), city('大同市', '140200')] },
  { name: '内蒙古自治区', cities: [city('呼和浩特市', '150100'), city('包头市', '150200')] },
  { name: '辽宁省', cities: [city('沈阳市', '210100'), city('大连市', '210200')] },
  { name: '吉林省', cities: [city('长春市', '220100'), city('吉林市', '220200')] },
  { name: '黑龙江省', cities: [city('哈尔滨市', '230100'), city('齐齐哈尔市', '230200')] },
  { name: '上海', cities: [city('上海市', '310100')] },
  { name: '江苏省', cities: [city('南京市', '320100'), city('无锡市', '320200'), city('苏州市', '320500')] },
  { name: '浙江省', cities: [city('杭州市', '330100'), city('宁波市', '330200'), city('温州市', '330300')] },
  { name: '安徽省', cities: [city('合肥市', '340100'), city('芜湖市', '340200')] },
  { name: '福建省', cities: [city('福州市', '350100'), city('厦门市', '350200')] },
  { name: '江西省', cities: [city('南昌市', '360100'), city('九江市', '360400')] },
  { name: '山东省', cities: [city('济南市', '370100'), city('青岛市', '370200')] },
  { name: '河南省', cities: [city('郑州市', '410100'), city('洛阳市', '410300')] },
  { name: '湖北省', cities: [city('武汉市', '420100'), city('宜昌市', '420500')] },
  { name: '湖南省', cities: [city('长沙市', '430100'), city('株洲市', '430200')] },
  { name: '广东省', cities: [city('广州市', '440100'), city('深圳市', '440300'), city('珠海市', '440400')] },
  { name: '广西壮族自治区', cities: [city('南宁市', '450100'), city('桂林市', '450300')] },
  { name: '海南省', cities: [city('海口市', '460100'), city('三亚市', '460200')] },
  { name: '重庆', cities: [city('重庆市', '500100')] },
  { name: '四川省', cities: [city('成都市', '510100'), city('绵阳市', '510700')] },
  { name: '贵州省', cities: [city('贵阳市', '520100'), city('遵义市', '520300')] },
  { name: '云南省', cities: [city('昆明市', '530100'), city('大理白族自治州', '532900')] },
  { name: '西藏自治区', cities: [city('拉萨市', '540100')] },
  { name: '陕西省', cities: [city('西安市', '610100'), city('宝鸡市', '610300')] },
  { name: '甘肃省', cities: [city('兰州市', '620100')] },
  { name: '青海省', cities: [city('西宁市', '630100')] },
  { name: '宁夏回族自治区', cities: [city('银川市', '640100')] },
  { name: '新疆维吾尔自治区', cities: [city('乌鲁木齐市', '650100')] },
  { name: '台湾', cities: [city('台北市', '710100')] },
  { name: '香港特别行政区', cities: [city('香港岛', '810100')] },
  { name: '澳门特别行政区', cities: [city('澳门半岛', '820100')] },
];
