import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One automatic valuation. Keeps the request, the method, the engine version and the sample it
 * used, so the result can be explained and reproduced later.
 */
@Entity('eval_record')
@Index(['tenantId', 'accountId', 'createdAt'])
@Index(['tenantId', 'organizationId', 'createdAt'])
/** The record list of a whole company, newest first in the list's order (time, then id), and the company's statistics of a time range. */
@Index(['tenantId', 'companyId', 'createdAt', 'id'])
@Index(['rootEvalCode'])
export class EvalRecordEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Index({ unique: true })
  @Column({ length: 32 })
  evalCode: string;

  /** The first valuation of the property; re-valuations share it (the history). */
  @Column({ length: 32 })
  rootEvalCode: string;

  @Column()
  tenantId: number;

  @Column()
  companyId: number;

  @Column()
  organizationId: number;

  @Column()
  accountId: number;

  /** 1 sale, 2 lease. */
  @Column({ type: 'smallint' })
  evalType: number;

  /** The client that asked for the valuation (X-Client-Source): 1 PC, 2 APP, 3 WeChat; batch rows take their upload's. */
  @Column({ type: 'smallint', default: 1 })
  source: number;

  /** The batch task of a valued batch row; null for quick valuations and re-valuations. */
  @Column({ type: 'bigint', nullable: true })
  batchTaskId: string | null;

  /** forsale, lease, fvSale, fvLease, mraSale, mraLease, msaSale, msaLease, averageSale, averageLease */
  @Column({ length: 16 })
  method: string;

  /** 1 valued, 2 reference price only. */
  @Column({ type: 'smallint' })
  state: number;

  @Column({ type: 'varchar', length: 1, nullable: true })
  confidenceClass: string | null;

  @Column({ type: 'int', nullable: true })
  communityId: number | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  haCode: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  haName: string | null;

  @Column({ length: 6 })
  cityCode: string;

  @Column({ length: 50 })
  cityName: string;

  @Column({ type: 'varchar', length: 12, nullable: true })
  distCode: string | null;

  @Column({ type: 'smallint' })
  propType: number;

  @Column({ type: 'int', nullable: true })
  businessTypeId: number | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  businessTypeName: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  principalCode: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  principal: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  owner: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  cardAddress: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  location: string | null;

  /** WGS84. */
  @Column({ type: 'double precision', nullable: true })
  gpsLon: number | null;

  @Column({ type: 'double precision', nullable: true })
  gpsLat: number | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  buildNo: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  unit: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  roomNo: string | null;

  @Column({ type: 'numeric', precision: 10, scale: 2 })
  bldgArea: string;

  @Column({ type: 'smallint', nullable: true })
  br: number | null;

  @Column({ type: 'smallint', nullable: true })
  lr: number | null;

  @Column({ type: 'smallint', nullable: true })
  ba: number | null;

  @Column({ type: 'smallint', nullable: true })
  floor: number | null;

  @Column({ type: 'smallint', nullable: true })
  bheight: number | null;

  @Column({ type: 'varchar', length: 4, nullable: true })
  face: string | null;

  @Column({ type: 'varchar', length: 4, nullable: true })
  intDeco: string | null;

  @Column({ type: 'varchar', length: 4, nullable: true })
  indoStru: string | null;

  @Column({ type: 'varchar', length: 4, nullable: true })
  bldgType: string | null;

  @Column({ type: 'varchar', length: 4, nullable: true })
  bldgstruCode: string | null;

  @Column({ type: 'smallint', nullable: true })
  buildYear: number | null;

  @Column({ type: 'numeric', precision: 16, scale: 2, nullable: true })
  totalPrice: string | null;

  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  unitPrice: string | null;

  @Column({ default: 0 })
  sampleCount: number;

  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  samplePriceMax: string | null;

  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  samplePriceMin: string | null;

  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  samplePriceAvg: string | null;

  @Column({ type: 'numeric', precision: 4, scale: 2, nullable: true })
  riskCoefficient: string | null;

  @Column({ type: 'numeric', precision: 16, scale: 2, nullable: true })
  riskTotalPrice: string | null;

  /** The risk coefficient applied (its id when it was stored; it may since have been changed or deleted). */
  @Column({ type: 'int', nullable: true })
  riskCoefficientId: number | null;

  /** Which coefficient applied, as it was then: 北京市/朝阳区 · 按揭贷款 · 0.85. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  riskCoefficientLabel: string | null;

  @Column({ length: 20 })
  engineVersion: string;

  /** The request as validated. */
  @Column({ type: 'jsonb' })
  input: object;

  /** Samples, betas, trend and provenance of the engine's answer. */
  @Column({ type: 'jsonb' })
  result: object;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
