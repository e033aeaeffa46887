import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A sale or lease listing or deal. Prices: sale total in yuan; lease total in yuan per month. */
@Entity('market_case')
@Index(['communityId', 'tradeType', 'caseDate'])
@Index(['cityCode', 'tradeType', 'caseDate'])
export class MarketCaseEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  /** Source and external id; a re-import updates the row with the same key. */
  @Index({ unique: true })
  @Column({ length: 80 })
  caseKey: string;

  @Column()
  communityId: number;

  @Column({ length: 6 })
  cityCode: string;

  @Column({ type: 'varchar', length: 12, nullable: true })
  distCode: string | null;

  /** 1 sale, 2 lease. */
  @Column({ type: 'smallint' })
  tradeType: number;

  @Column({ type: 'smallint', default: 11 })
  propType: number;

  @Column({ type: 'numeric', precision: 10, scale: 2 })
  area: string;

  @Column({ type: 'smallint', nullable: true })
  floor: number | null;

  @Column({ type: 'smallint', nullable: true })
  totalFloors: number | null;

  @Column({ type: 'smallint', nullable: true })
  rooms: number | null;

  @Column({ type: 'smallint', nullable: true })
  halls: number | null;

  @Column({ type: 'smallint', nullable: true })
  baths: number | null;

  @Column({ type: 'varchar', length: 4, nullable: true })
  face: string | null;

  @Column({ type: 'varchar', length: 4, nullable: true })
  intDeco: string | null;

  @Column({ type: 'smallint', nullable: true })
  buildYear: number | null;

  @Column({ type: 'varchar', length: 4, nullable: true })
  bldgType: string | null;

  @Column({ type: 'numeric', precision: 14, scale: 2 })
  totalPrice: string;

  @Column({ type: 'numeric', precision: 12, scale: 2 })
  unitPrice: string;

  /** First day of the month of the listing or deal. */
  @Column({ type: 'date' })
  caseDate: string;

  @Column({ length: 40 })
  source: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
