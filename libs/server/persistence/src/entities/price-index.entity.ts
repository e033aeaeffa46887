import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type PriceIndexScope = 'community' | 'district' | 'city';

/** Monthly average unit price per community, district and city, rebuilt from the cases. */
@Entity('price_index')
@Index(['scope', 'scopeCode', 'tradeType', 'propType', 'month'], { unique: true })
export class PriceIndexEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'varchar', length: 10 })
  scope: PriceIndexScope;

  /** haCode, district code or city code. */
  @Column({ length: 32 })
  scopeCode: string;

  @Column({ type: 'smallint' })
  tradeType: number;

  /** 11 residential, 21 office, 22 shop. */
  @Column({ type: 'smallint' })
  propType: number;

  /** First day of the month. */
  @Column({ type: 'date' })
  month: string;

  @Column({ type: 'numeric', precision: 12, scale: 2 })
  avgUnitPrice: string;

  @Column({ type: 'numeric', precision: 12, scale: 2 })
  medianUnitPrice: string;

  @Column()
  caseCount: number;
}
