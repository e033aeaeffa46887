/**
 * The cities of the demo market: real central districts (codes and names of the GB/T 2260 table)
 * with approximate WGS84 centres, a few real business areas and roads each, and the price level
 * of a typical flat in yuan/m² at the city's peak month.
 */
export interface DemoDistrict {
  code: string;
  name: string;
  lat: number;
  lon: number;
  /** yuan/m² of a typical residential unit at the peak of the city trend. */
  level: number;
  areas: readonly string[];
  streets: readonly string[];
}

export interface DemoCityTrend {
  /** Index at the first generated month, at the peak and at the last month (peak = 1). */
  start: number;
  end: number;
  /** Month of the peak, counted from the first generated month (0..59). */
  peakMonth: number;
}

export interface DemoCity {
  code: string;
  name: string;
  shortName: string;
  /** Monthly rent per m² as a share of the sale unit price. */
  rentRatio: number;
  trend: DemoCityTrend;
  /** Developers of the old state housing (before 2000). */
  localDevelopers: readonly string[];
  districts: readonly DemoDistrict[];
}

export const DEMO_CITIES: readonly DemoCity[] = [
  {
    code: '110100',
    name: '北京市',
    shortName: '北京',
    rentRatio: 0.0017,
    trend: { start: 0.9, end: 0.84, peakMonth: 12 },
    localDevelopers: ['北京城建集团', '首开集团', '北京住总集团', '北京天鸿房地产开发公司'],
    districts: [
      { code: '110101', name: '东城区', lat: 39.9288, lon: 116.416, level: 105000, areas: ['东直门', '和平里', '崇文门', '东四', '天坛', '安定门'], streets: ['东直门内大街', '和平里中街', '崇文门外大街', '东四北大街', '安定门外大街', '广渠门内大街'] },
      { code: '110102', name: '西城区', lat: 39.9123, lon: 116.366, level: 115000, areas: ['金融街', '西直门', '德胜门', '月坛', '广安门', '陶然亭'], streets: ['西直门内大街', '德胜门外大街', '月坛北街', '广安门内大街', '阜成门外大街', '白纸坊东街'] },
      { code: '110105', name: '朝阳区', lat: 39.948, lon: 116.46, level: 80000, areas: ['望京', '国贸', '亚运村', '双井', '朝青', '酒仙桥', '团结湖'], streets: ['望京街', '建国路', '北辰东路', '东三环中路', '朝阳北路', '酒仙桥路', '团结湖路'] },
      { code: '110108', name: '海淀区', lat: 39.9593, lon: 116.298, level: 95000, areas: ['中关村', '五道口', '万柳', '学院路', '公主坟', '西二旗', '紫竹桥'], streets: ['中关村大街', '成府路', '万泉河路', '学院路', '复兴路', '西二旗大街', '紫竹院路'] },
      { code: '110106', name: '丰台区', lat: 39.8585, lon: 116.287, level: 60000, areas: ['方庄', '马家堡', '丽泽', '青塔', '科技园区'], streets: ['方庄路', '马家堡东路', '丽泽路', '青塔西路', '南四环西路'] },
      { code: '110107', name: '石景山区', lat: 39.9056, lon: 116.223, level: 58000, areas: ['鲁谷', '八角', '古城', '苹果园'], streets: ['鲁谷路', '八角西街', '古城大街', '苹果园路'] },
      { code: '110112', name: '通州区', lat: 39.9097, lon: 116.6564, level: 45000, areas: ['通州北苑', '梨园', '九棵树', '武夷花园', '运河核心区'], streets: ['新华大街', '梨园中街', '九棵树东路', '通胡大街', '运河东大街'] },
      { code: '110114', name: '昌平区', lat: 40.08, lon: 116.36, level: 43000, areas: ['回龙观', '天通苑', '沙河', '北七家'], streets: ['回龙观西大街', '立汤路', '沙河路', '北七家路'] },
    ],
  },
  {
    code: '310100',
    name: '上海市',
    shortName: '上海',
    rentRatio: 0.0018,
    trend: { start: 0.88, end: 0.9, peakMonth: 18 },
    localDevelopers: ['上海城建置业', '上海地产集团', '上海陆家嘴集团', '上海城开集团'],
    districts: [
      { code: '310101', name: '黄浦区', lat: 31.2317, lon: 121.4846, level: 115000, areas: ['人民广场', '新天地', '打浦桥', '董家渡', '老西门'], streets: ['西藏中路', '马当路', '瑞金二路', '中山南路', '复兴中路'] },
      { code: '310104', name: '徐汇区', lat: 31.1885, lon: 121.4365, level: 98000, areas: ['徐家汇', '衡山路', '田林', '漕河泾', '龙华'], streets: ['漕溪北路', '衡山路', '田林路', '宜山路', '龙华中路'] },
      { code: '310105', name: '长宁区', lat: 31.2204, lon: 121.4241, level: 92000, areas: ['中山公园', '古北', '天山', '虹桥'], streets: ['长宁路', '古北路', '天山路', '虹桥路', '愚园路'] },
      { code: '310106', name: '静安区', lat: 31.229, lon: 121.4481, level: 100000, areas: ['静安寺', '南京西路', '大宁', '彭浦', '不夜城'], streets: ['南京西路', '延安中路', '共和新路', '平型关路', '恒丰路'] },
      { code: '310107', name: '普陀区', lat: 31.2497, lon: 121.397, level: 68000, areas: ['长风', '真如', '中远两湾城', '桃浦'], streets: ['大渡河路', '真北路', '中山北路', '武宁路'] },
      { code: '310109', name: '虹口区', lat: 31.2646, lon: 121.5052, level: 76000, areas: ['北外滩', '四川北路', '曲阳', '凉城'], streets: ['四川北路', '东大名路', '曲阳路', '凉城路'] },
      { code: '310110', name: '杨浦区', lat: 31.2595, lon: 121.526, level: 73000, areas: ['五角场', '新江湾城', '控江路', '黄兴公园'], streets: ['淞沪路', '国权路', '控江路', '黄兴路', '殷行路'] },
      { code: '310115', name: '浦东新区', lat: 31.2213, lon: 121.5446, level: 82000, areas: ['陆家嘴', '联洋', '世纪公园', '金桥', '张江', '三林'], streets: ['世纪大道', '芳甸路', '锦绣路', '金桥路', '张江路', '上南路'] },
      { code: '310112', name: '闵行区', lat: 31.1127, lon: 121.3817, level: 60000, areas: ['莘庄', '七宝', '古美', '春申', '梅陇'], streets: ['莘庄路', '七宝南路', '古美路', '春申路', '莲花南路'] },
    ],
  },
  {
    code: '440100',
    name: '广州市',
    shortName: '广州',
    rentRatio: 0.0021,
    trend: { start: 0.93, end: 0.78, peakMonth: 10 },
    localDevelopers: ['广州城建开发集团', '广州珠江实业集团', '越秀地产', '广州市住宅建设发展有限公司'],
    districts: [
      { code: '440104', name: '越秀区', lat: 23.129, lon: 113.2668, level: 55000, areas: ['东山口', '北京路', '淘金', '二沙岛', '流花'], streets: ['东风东路', '北京路', '环市东路', '农林下路', '解放北路'] },
      { code: '440106', name: '天河区', lat: 23.1246, lon: 113.3612, level: 65000, areas: ['珠江新城', '天河北', '体育中心', '龙洞', '车陂'], streets: ['花城大道', '天河北路', '体育西路', '龙洞路', '黄埔大道'] },
      { code: '440105', name: '海珠区', lat: 23.0839, lon: 113.3172, level: 45000, areas: ['江南西', '滨江东', '琶洲', '赤岗', '工业大道'], streets: ['江南大道', '滨江东路', '新港东路', '赤岗路', '工业大道中'] },
      { code: '440103', name: '荔湾区', lat: 23.1259, lon: 113.2442, level: 36000, areas: ['西关', '芳村', '中山八路', '白鹤洞'], streets: ['中山七路', '芳村大道', '龙津西路', '花地大道'] },
      { code: '440111', name: '白云区', lat: 23.1576, lon: 113.2733, level: 35000, areas: ['白云新城', '同和', '三元里', '嘉禾望岗'], streets: ['云城西路', '广州大道北', '机场路', '白云大道北'] },
      { code: '440112', name: '黄埔区', lat: 23.1064, lon: 113.4593, level: 33000, areas: ['科学城', '大沙地', '知识城', '长岭居'], streets: ['科学大道', '大沙地东', '开创大道', '香雪大道'] },
      { code: '440113', name: '番禺区', lat: 22.9378, lon: 113.3842, level: 32000, areas: ['市桥', '大学城', '华南板块', '万博', '祈福'], streets: ['清河东路', '大学城中环路', '兴南大道', '汉溪大道', '迎宾路'] },
    ],
  },
  {
    code: '440300',
    name: '深圳市',
    shortName: '深圳',
    rentRatio: 0.0018,
    trend: { start: 0.92, end: 0.78, peakMonth: 8 },
    localDevelopers: ['深圳市房地产开发集团', '深业集团', '特区建设发展集团', '深圳市物业发展集团'],
    districts: [
      { code: '440304', name: '福田区', lat: 22.5411, lon: 114.055, level: 92000, areas: ['香蜜湖', '车公庙', '梅林', '华强北', '景田', '福田中心区'], streets: ['香蜜湖路', '深南大道', '梅林路', '华强北路', '景田路', '益田路'] },
      { code: '440305', name: '南山区', lat: 22.5329, lon: 113.9305, level: 100000, areas: ['后海', '蛇口', '科技园', '南头', '西丽', '前海'], streets: ['后海大道', '工业八路', '科技南路', '南头街', '留仙大道', '前海大道'] },
      { code: '440303', name: '罗湖区', lat: 22.5483, lon: 114.1315, level: 58000, areas: ['东门', '翠竹', '黄贝岭', '莲塘', '布心'], streets: ['东门中路', '翠竹路', '沿河南路', '罗沙路', '东晓路'] },
      { code: '440306', name: '宝安区', lat: 22.5553, lon: 113.883, level: 62000, areas: ['宝安中心区', '西乡', '新安', '福永', '碧海'], streets: ['宝安大道', '西乡大道', '新安六路', '福永大道', '创业一路'] },
      { code: '440309', name: '龙华区', lat: 22.696, lon: 114.045, level: 60000, areas: ['民治', '龙华中心', '红山', '观澜'], streets: ['民治大道', '人民路', '梅龙大道', '观澜大道'] },
      { code: '440307', name: '龙岗区', lat: 22.72, lon: 114.247, level: 48000, areas: ['坂田', '布吉', '龙岗中心城', '大运', '横岗'], streets: ['坂雪岗大道', '布吉路', '龙岗大道', '龙翔大道', '深惠路'] },
      { code: '440308', name: '盐田区', lat: 22.557, lon: 114.237, level: 52000, areas: ['沙头角', '盐田港', '梅沙'], streets: ['沙盐路', '深盐路', '环梅路'] },
    ],
  },
  {
    code: '330100',
    name: '杭州市',
    shortName: '杭州',
    rentRatio: 0.002,
    trend: { start: 0.88, end: 0.86, peakMonth: 20 },
    localDevelopers: ['杭州市城建开发集团', '杭州市房地产开发集团', '杭州城投置业', '浙江省商业集团'],
    districts: [
      { code: '330102', name: '上城区', lat: 30.2425, lon: 120.1693, level: 52000, areas: ['湖滨', '南星桥', '望江', '近江'], streets: ['解放路', '复兴路', '望江路', '秋涛路'] },
      { code: '330103', name: '下城区', lat: 30.281, lon: 120.1807, level: 47000, areas: ['武林', '朝晖', '潮鸣', '石桥'], streets: ['延安路', '朝晖路', '建国北路', '石桥路'] },
      { code: '330104', name: '江干区', lat: 30.257, lon: 120.205, level: 50000, areas: ['钱江新城', '四季青', '笕桥', '丁桥', '九堡'], streets: ['富春路', '庆春东路', '机场路', '丁桥路', '九堡大道'] },
      { code: '330105', name: '拱墅区', lat: 30.3197, lon: 120.142, level: 42000, areas: ['运河', '大关', '申花', '半山'], streets: ['湖墅南路', '大关路', '申花路', '石祥路'] },
      { code: '330106', name: '西湖区', lat: 30.2592, lon: 120.13, level: 55000, areas: ['文教区', '城西', '西溪', '转塘', '三墩'], streets: ['文三路', '天目山路', '文一西路', '之江路', '紫金港路'] },
      { code: '330108', name: '滨江区', lat: 30.2083, lon: 120.212, level: 58000, areas: ['滨江区政府', '长河', '浦沿', '奥体'], streets: ['江南大道', '长河路', '浦沿路', '闻涛路'] },
      { code: '330109', name: '萧山区', lat: 30.162, lon: 120.264, level: 33000, areas: ['萧山城区', '钱江世纪城', '湘湖', '宁围'], streets: ['人民路', '市心路', '湘湖路', '金城路'] },
      { code: '330110', name: '余杭区', lat: 30.3, lon: 120.05, level: 36000, areas: ['未来科技城', '良渚', '闲林', '仓前'], streets: ['文一西路', '良渚大道', '闲林街', '仓兴街'] },
    ],
  },
  {
    code: '510100',
    name: '成都市',
    shortName: '成都',
    rentRatio: 0.0025,
    trend: { start: 0.82, end: 0.93, peakMonth: 32 },
    localDevelopers: ['成都城建投资管理集团', '成都兴城集团', '成都置信实业', '成都市房地产开发总公司'],
    districts: [
      { code: '510104', name: '锦江区', lat: 30.657, lon: 104.083, level: 22000, areas: ['春熙路', '东大街', '三圣乡', '攀成钢'], streets: ['春熙路', '东大街', '三环路', '锦华路'] },
      { code: '510105', name: '青羊区', lat: 30.674, lon: 104.062, level: 21000, areas: ['宽窄巷子', '金沙', '光华', '八宝街'], streets: ['人民中路', '金沙路', '光华大道', '八宝街'] },
      { code: '510107', name: '武侯区', lat: 30.642, lon: 104.043, level: 20000, areas: ['玉林', '红牌楼', '桐梓林', '高新区', '大源'], streets: ['玉林路', '佳灵路', '桐梓林北路', '天府大道', '剑南大道'] },
      { code: '510106', name: '金牛区', lat: 30.692, lon: 104.052, level: 16000, areas: ['营门口', '茶店子', '北站', '金府'], streets: ['一环路北', '蜀汉路', '茶店子路', '金府路'] },
      { code: '510108', name: '成华区', lat: 30.66, lon: 104.102, level: 16000, areas: ['建设路', '府青路', '东客站', '理工大'], streets: ['建设路', '府青路', '双林路', '二仙桥东路'] },
      { code: '510116', name: '双流区', lat: 30.574, lon: 103.923, level: 14000, areas: ['东升', '航空港', '西航港'], streets: ['棠湖路', '双楠大道', '航空港大道'] },
      { code: '510112', name: '龙泉驿区', lat: 30.556, lon: 104.275, level: 12500, areas: ['龙泉', '大面', '十陵'], streets: ['龙泉大道', '成龙大道', '十陵路'] },
      { code: '510114', name: '新都区', lat: 30.824, lon: 104.159, level: 12000, areas: ['新都城区', '大丰', '三河'], streets: ['新都大道', '大丰路', '蓉都大道'] },
    ],
  },
];

/** Brand developers and the property managers that usually come with them. */
export const DEMO_DEVELOPERS: ReadonlyArray<readonly [string, string]> = [
  ['万科企业股份有限公司', '万物云空间科技服务股份有限公司'],
  ['保利发展控股集团', '保利物业服务股份有限公司'],
  ['中海地产集团有限公司', '中海物业管理有限公司'],
  ['华润置地有限公司', '华润万象生活有限公司'],
  ['龙湖集团控股有限公司', '龙湖智创生活有限公司'],
  ['绿城中国控股有限公司', '绿城物业服务集团有限公司'],
  ['招商局蛇口工业区控股股份有限公司', '招商局积余产业运营服务股份有限公司'],
  ['金地（集团）股份有限公司', '金地智慧服务集团'],
  ['碧桂园控股有限公司', '碧桂园生活服务集团'],
  ['融创中国控股有限公司', '融创物业服务集团'],
  ['远洋集团控股有限公司', '远洋亿家物业服务股份有限公司'],
  ['旭辉控股（集团）有限公司', '永升生活服务集团'],
  ['世茂集团控股有限公司', '世茂服务控股有限公司'],
  ['中国金茂控股集团有限公司', '金茂物业服务发展股份有限公司'],
  ['越秀地产股份有限公司', '越秀服务集团有限公司'],
  ['新城控股集团股份有限公司', '新城悦服务集团'],
];

/** Property managers of old communities and of offices. */
export const DEMO_LOCAL_MANAGERS: readonly string[] = ['长城物业集团', '第一太平戴维斯物业', '世邦魏理仕物业管理', '仲量联行物业管理', '房管所物业服务中心', '街道物业管理站'];

export const DEMO_NAME_PREFIXES: readonly string[] = [
  '锦绣', '阳光', '金色', '碧水', '翠湖', '紫金', '星河', '御景', '龙湾', '枫林', '梧桐', '金域', '和平', '光明', '幸福', '长安',
  '东方', '丽都', '嘉和', '康桥', '君悦', '盛世', '香樟', '玉兰', '香榭', '银河', '春晓', '明月', '云锦', '晴川', '天鹅', '翡翠',
  '滨江', '海德', '天润', '华府', '世纪', '明珠', '水岸', '绿洲', '万象', '尚品', '泊林', '融景', '锦江', '丹桂', '青枫', '澜山',
];

export const DEMO_NAME_SUFFIXES: readonly string[] = [
  '花园', '华庭', '家园', '公寓', '名苑', '雅苑', '嘉园', '府', '公馆', '湾', '城', '苑', '国际', '壹号', '天地', '山庄', '尚城', '佳园',
  '御府', '雅居', '新城', '名邸', '丽舍', '华府',
];

/** Names of old state housing: `<business area or road><suffix>`. */
export const DEMO_OLD_SUFFIXES: readonly string[] = ['北里', '南里', '东里', '西里', '小区', '新村', '一区', '二区', '三区', '宿舍'];
