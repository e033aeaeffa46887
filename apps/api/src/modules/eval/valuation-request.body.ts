import { z } from 'zod';
import { DICTIONARIES, VALUATION_PROPERTY_TYPES, type DictType, type ValuationRequest } from '@valuation/domain';

/**
 * The body of POST api/eval/rapid as the API description gives it. checkValuationRequest of
 * libs/domain validates it (with the caller's form field settings); the key check below fails the
 * build when a field of the request is added there and not described here.
 */
const dict = (type: DictType, label: string) =>
  z
    .string()
    .optional()
    .describe(`${label}，api/dict/list 的 ${type} 编码：${DICTIONARIES[type].map((e) => `${e.dictCode} ${e.dictName}`).join('、')}`);
const count = (label: string, min: number, max: string) => z.number().int().min(min).optional().describe(`${label}，${max}`);
const text = (label: string, max: number) => z.string().max(max).optional().describe(label);

const fields = {
  cityCode: z
    .string()
    .regex(/^\d{6}$/)
    .describe('城市编码（GB/T 2260，6 位），必填'),
  cityName: z.string().optional().describe('城市名称'),
  propType: z
    .union(VALUATION_PROPERTY_TYPES.map((t) => z.literal(t)))
    .optional()
    .describe('物业类型：11 住宅（默认）、21 商铺、22 办公'),
  bldgArea: z.number().positive().describe('建筑面积（㎡），必填，最多 7 位整数、2 位小数'),
  floor: z.number().int().min(-1).max(50).optional().describe('所在楼层，-1 至 50 且不为 0；建筑类型为别墅等无楼层类型时不填，否则必填'),
  bheight: z.number().int().min(1).max(1000).describe('总楼层，1 至 1000，必填，不小于所在楼层'),
  buildNo: count('楼栋号', 1, '1 至 500'),
  unit: count('单元号', 1, '1 至 500'),
  roomNo: count('房号', 1, '1 至 100000'),
  br: count('室（住宅）或间（商铺、办公）', 1, '住宅 1 至 20，其他 1 至 100'),
  lr: count('厅（仅住宅）', 0, '0 至 10'),
  ba: count('卫', 0, '住宅 0 至 10，其他 0 至 50'),
  face: dict('face', '朝向'),
  intDeco: dict('intDeco', '装修'),
  buildYear: z.number().int().min(1).max(9999).optional().describe('建成年份'),
  bldgType: dict('bldgType', '建筑类型'),
  indoStru: dict('indoStru', '户型结构'),
  bldgstruCode: dict('bldgStru', '建筑结构'),
  bldgstruName: text('建筑结构名称（自填），≤20 字', 20),
  haInfo: z
    .object({ haCode: z.string().describe('小区编码（api/community/filter）'), haName: z.string().optional().describe('小区名称') })
    .optional()
    .describe('小区；小区、坐标与证载地址至少填一项'),
  gpsInfo: z
    .object({
      coord: z
        .string()
        .regex(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/)
        .describe('经度,纬度'),
      coordType: z.enum(['bd09ll', 'gcj02', 'wgs84']).optional().describe('坐标系，默认 bd09ll'),
    })
    .optional()
    .describe('地图上标注的位置'),
  principalCode: text('客户编号，≤50 字', 50),
  principal: text('委托人，≤50 字', 50),
  owner: text('产权人，≤50 字', 50),
  cardAddress: text('证载地址，≤200 字', 200),
  businessTypeId: z.number().int().optional().describe('业务类型（api/business/list 的 id）'),
  business: text('业务类型名称，≤20 字', 20),
} satisfies Record<keyof ValuationRequest, z.ZodType>;

export const valuationRequestBodySchema = z
  .object(fields)
  .describe('估价参数；数字也可以字符串提交。按机构的估价字段设置（api/eval-field/list），部分字段可能必填');
