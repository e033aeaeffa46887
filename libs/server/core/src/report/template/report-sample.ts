/**
 * A fixed sample report: a flat in a Beijing community valued for sale, with the market data a
 * real report carries and the default texts of the report configuration. The sample pages, the
 * template tests and the render benchmark print it.
 */
import type {
  CommunityAround,
  CommunityDetail,
  EvalRecord,
  EvalSample,
  NearbyCommunity,
  ReportDocument,
  ReportType,
} from '@valuation/contracts';
import { addDays, marketTrend, REPORT_CONFIG_DEFAULTS, shiftMonth } from '@valuation/domain';
import { valueRange } from '@valuation/valuation';

const COMMUNITY = { haCode: 'BJ1101050318', haName: '望京融景家园', address: '朝阳区广顺南大街19号院', lon: 116.47862, lat: 40.00118 };

/** Monthly average sale unit price over the last 24 months, oldest first. */
const TREND = [
  72860, 72540, 72610, 72180, 71950, 71720, 71830, 71460, 71120, 70980, 70650, 70720, 70310, 70040, 69870, 69920, 69560, 69280, 69150,
  68970, 68840, 68910, 68740, 68650,
];
/** Sale cases offered per month over the same months. */
const SUPPLY = [9, 12, 15, 11, 8, 14, 17, 13, 10, 7, 11, 16, 19, 14, 12, 9, 13, 18, 15, 11, 10, 14, 16, 12];

/** Nearby communities: name, metres, bearing (degrees counter-clockwise from east), sale and rent averages. */
const NEARBY: [string, number, number, number, number, string][] = [
  ['广顺嘉苑', 230, 100, 71200, 118.5, '朝阳区广顺北大街8号院'],
  ['望湖名邸', 310, 20, 82600, 126.8, '朝阳区望京东路6号'],
  ['阜通东里', 380, 205, 58400, 98.6, '朝阳区阜通东大街2号院'],
  ['南湖雅苑', 420, 290, 63900, 105.2, '朝阳区南湖中园路12号'],
  ['望京国际城', 470, 48, 86300, 132.4, '朝阳区望京街10号'],
  ['湖光北街小区', 530, 150, 55800, 95.1, '朝阳区湖光北街3号院'],
  ['利泽雅园', 590, 330, 74500, 119.7, '朝阳区利泽西街16号院'],
  ['花溪佳苑', 640, 245, 61200, 101.3, '朝阳区花家地西里5号'],
  ['启阳路小区', 720, 130, 57300, 96.8, '朝阳区启阳路4号院'],
  ['融科望京府', 780, 10, 92100, 138.6, '朝阳区望京东园7号'],
  ['望花路东里', 860, 265, 59600, 99.5, '朝阳区望花路东里1号院'],
  ['阜荣街小区', 930, 175, 62800, 103.9, '朝阳区阜荣街9号院'],
];

const DIRECTIONS = ['东', '东北', '北', '西北', '西', '西南', '南', '东南'];

/** yyyy-MM-dd moved by whole days. */
const shiftDate = addDays;

/** The `count` months before the month of `date`, oldest first (yyyy-MM). */
function monthsBefore(date: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => shiftMonth(date.slice(0, 7), i - count));
}

function sample(
  id: number,
  areaSize: number,
  floor: number,
  bheight: number,
  layout: [number, number, number],
  offerTime: string,
  totalPrice: number,
): EvalSample {
  const [br, lr, ba] = layout;
  return {
    id: `S${id}`,
    haName: COMMUNITY.haName,
    areaSize,
    floor,
    bheight,
    br,
    lr,
    ba,
    offerTime,
    totalPrice,
    unitPrice: Math.round((totalPrice / areaSize) * 100) / 100,
  };
}

function nearby(): NearbyCommunity[] {
  const cosLat = Math.cos((COMMUNITY.lat * Math.PI) / 180);
  return NEARBY.map(([haName, distance, bearing, price, leasePrice, address], i) => {
    const rad = (bearing * Math.PI) / 180;
    const lon = COMMUNITY.lon + (distance * Math.cos(rad)) / (111_320 * cosLat);
    const lat = COMMUNITY.lat + (distance * Math.sin(rad)) / 110_574;
    return {
      haCode: `BJ11010503${String(40 + i).padStart(2, '0')}`,
      haName,
      location: `${lon.toFixed(6)},${lat.toFixed(6)}`,
      price,
      leasePrice,
      imageUrl: '',
      distName: '朝阳区',
      address,
      distance,
      direction: DIRECTIONS[Math.round(bearing / 45) % 8],
      haPropType: '11',
      bldgtype: '高层',
    };
  });
}

const AROUND: CommunityAround = {
  transport: [
    {
      name: '广顺南大街北口公交站',
      direction: '北',
      distance: 180,
      routes: [{ routeName: '471路' }, { routeName: '913路' }, { routeName: '987路' }],
    },
    { name: '利泽西街公交站', direction: '南', distance: 350, routes: [{ routeName: '404路' }, { routeName: '418路' }] },
    { name: '望京南地铁站', direction: '东', distance: 420, routes: [{ routeName: '地铁14号线' }] },
    { name: '阜通地铁站', direction: '西北', distance: 760, routes: [{ routeName: '地铁14号线' }] },
  ],
  education: [
    { name: '融景幼儿园', direction: '西', distance: 150 },
    { name: '北京市朝阳区望京实验小学', direction: '东北', distance: 380 },
    { name: '北京市朝阳区广顺中学', direction: '北', distance: 610 },
  ],
  medical: [
    { name: '广顺口腔诊所', direction: '北', distance: 260 },
    { name: '朝阳区望京社区卫生服务中心', direction: '东南', distance: 520 },
    { name: '北京市朝阳区望京第二医院', direction: '西南', distance: 880 },
  ],
};

/**
 * A complete, internally consistent sample report of the given type dated `reportDate`
 * (yyyy-MM-dd): 89.56 ㎡ at 68,420 元/㎡ make 6,127,695 元 (613 万元).
 */
export function sampleReportDocument(reportType: ReportType, reportDate = '2026-11-20'): ReportDocument {
  const months = monthsBefore(reportDate, TREND.length);
  const area = 89.56;
  const unitPrice = 68420;
  const totalPrice = Math.round(area * unitPrice);
  const record: EvalRecord = {
    id: 100238,
    evalCode: `EV${reportDate.replace(/-/g, '')}03815274906612`,
    evalType: 1,
    method: 'fvSale',
    state: 1,
    confidenceClass: 'A',
    haCode: COMMUNITY.haCode,
    haName: COMMUNITY.haName,
    cityCode: '110100',
    cityName: '北京',
    propType: 11,
    proprtname: '住宅',
    businessTypeId: 2,
    businessTypeName: '个人住房抵押贷款',
    principalCode: 'KH20261118-0046',
    principal: '京华商业银行望京支行',
    owner: '张明远',
    cardAddress: '北京市朝阳区广顺南大街19号院3号楼2单元1502',
    location: COMMUNITY.address,
    gpsLon: COMMUNITY.lon,
    gpsLat: COMMUNITY.lat,
    buildNo: '3',
    unit: '2',
    roomNo: '1502',
    bldgArea: area,
    br: 2,
    lr: 1,
    ba: 1,
    cr: 1,
    floor: 15,
    bheight: 26,
    faceName: '南北',
    intdecoName: '精装',
    indoStruName: '平层',
    bldgTypeName: '高层',
    bldgstruName: '钢混结构',
    buildYear: 2006,
    evalDate: `${reportDate} 09:42:18`,
    totalPrice,
    unitPrice,
    sampleCount: 14,
    samplePriceMax: 71860,
    samplePriceMin: 64950,
    samplePriceAvg: 68130,
    riskCoefficient: 0.9,
    riskTotalPrice: Math.round(totalPrice * 0.9),
    range: valueRange(totalPrice, 'fvSale', 14, 0),
    riskCoefficientLabel: null,
    engineVersion: 'avm-1.3.0',
    inquiry: reportType === 1,
    advisory: reportType === 2,
  };
  const samples: EvalSample[] = [
    sample(1, 88.72, 12, 26, [2, 1, 1], shiftDate(reportDate, -12), 6_046_000),
    sample(2, 91.3, 8, 26, [2, 1, 1], shiftDate(reportDate, -26), 6_280_000),
    sample(3, 86.45, 20, 26, [2, 1, 1], shiftDate(reportDate, -33), 5_950_000),
    sample(4, 95.1, 5, 24, [2, 2, 1], shiftDate(reportDate, -47), 6_380_000),
    sample(5, 89.9, 18, 26, [2, 1, 1], shiftDate(reportDate, -58), 6_150_000),
  ];
  const community: CommunityDetail = {
    haCode: COMMUNITY.haCode,
    haName: COMMUNITY.haName,
    cityName: '北京',
    address: COMMUNITY.address,
    bdlocation: `${COMMUNITY.lon},${COMMUNITY.lat}`,
    imageUrl: '',
    price: TREND[TREND.length - 1],
    priceRise: -0.13,
    leasePrice: 112.4,
    leasePriceRise: 0.42,
    priceMonth: months[months.length - 1],
    buildyear: 2006,
    haClName: '住宅',
    protoType: '11',
    bldgType: '高层、板楼',
    carItem: [
      { type: '地下车位', qnt: 1260 },
      { type: '地上车位', qnt: 180 },
    ],
    constArea: 356800,
    groundArea: 98500,
    greeningRate: 35.5,
    volumeRate: 3.2,
    landuse: '住宅用地',
    devCoName: '北京融景置业有限公司',
    cos: { coAddr: '北京市朝阳区广顺南大街19号院物业服务中心' },
    wyCoName: '北京融景物业服务有限公司',
    households: 2860,
    distName: '朝阳区',
    streetName: '望京街道',
    streetNo: '广顺南大街19号',
  };
  const code = `SAMPLE-${reportType === 1 ? 'XJ' : 'ZX'}${reportDate.replace(/-/g, '')}`;
  return {
    reportType,
    reportCode: code,
    reportDate,
    verifyUrl: `https://report.example.cn/verify/${code}`,
    branding: {
      reportName: REPORT_CONFIG_DEFAULTS[reportType].reportName,
      reportStatement: REPORT_CONFIG_DEFAULTS[reportType].reportStatement,
      reportSign: reportType === 2 ? '注册房地产估价师：王建国（注册号：1120150088）　刘晓梅（注册号：1120180132）' : '',
      issuer: '北京华衡房地产土地估价有限公司',
    },
    images: {},
    result: {
      record,
      samples,
      betas: [
        { title: '面积', value: 0.262 },
        { title: '楼层', value: 0.158 },
        { title: '朝向', value: 0.121 },
        { title: '装修', value: 0.187 },
        { title: '房龄', value: 0.139 },
        { title: '户型', value: 0.083 },
        { title: '建筑类型', value: 0.05 },
      ],
    },
    trend: marketTrend(
      months.map((month, i) => ({ month, price: TREND[i] })),
      { evalType: record.evalType, source: 'community' },
    ),
    supply: { rows: months.map((month, i) => ({ month, data: SUPPLY[i] })) },
    distribution: {
      stepSize: 2500,
      rows: [3, 6, 11, 19, 28, 37, 41, 33, 22, 12, 6, 2].map((data, i) => ({ step: 55000 + i * 2500, data })),
    },
    roomTypes: {
      rows: [
        { br: 1, data: 14.62 },
        { br: 2, data: 47.35 },
        { br: 3, data: 29.81 },
        { br: 4, data: 6.93 },
        { br: 5, data: 1.29 },
      ],
    },
    community,
    nearby: nearby(),
    around: AROUND,
  };
}
