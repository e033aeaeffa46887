import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A residential or commercial community (小区). Coordinates are WGS84. */
@Entity('community')
@Index(['cityCode', 'distCode'])
@Index(['cityCode', 'areaName'])
@Index(['cityCode', 'name'])
@Index(['cityCode', 'streetName'])
@Index(['lat', 'lon'])
@Index('idx_community_name_trgm', { synchronize: false })
@Index('idx_community_address_trgm', { synchronize: false })
@Index('idx_community_street_name_trgm', { synchronize: false })
export class CommunityEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Stable public code of the community (haCode). */
  @Index({ unique: true })
  @Column({ length: 32 })
  haCode: string;

  @Column({ length: 6 })
  cityCode: string;

  @Column({ type: 'varchar', length: 12, nullable: true })
  distCode: string | null;

  @Column({ length: 100 })
  name: string;

  /** Business area (商圈) or sub-district the community belongs to. */
  @Column({ type: 'varchar', length: 50, nullable: true })
  areaName: string | null;

  @Column({ length: 200, default: '' })
  address: string;

  @Column({ type: 'varchar', length: 50, nullable: true })
  streetName: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  streetNo: string | null;

  @Column({ type: 'double precision', nullable: true })
  lat: number | null;

  @Column({ type: 'double precision', nullable: true })
  lon: number | null;

  @Column({ type: 'smallint', nullable: true })
  buildYear: number | null;

  /** Property types found in the community, comma-separated codes (11,22). */
  @Column({ length: 40, default: '11' })
  propTypes: string;

  @Column({ type: 'varchar', length: 4, nullable: true })
  bldgType: string | null;

  @Column({ type: 'numeric', precision: 6, scale: 2, nullable: true })
  volumeRate: string | null;

  @Column({ type: 'numeric', precision: 5, scale: 2, nullable: true })
  greeningRate: string | null;

  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  constArea: string | null;

  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  groundArea: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  landuse: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  developer: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  propertyManager: string | null;

  /** Parking spaces: [{ type: 地上|地下, qnt }]. */
  @Column({ type: 'jsonb', nullable: true })
  parking: { type: string; qnt: number }[] | null;

  @Column({ type: 'smallint', nullable: true })
  households: number | null;

  /** Appraised standard unit price (yuan/m²) of a typical unit, when known. */
  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  standardUnitPrice: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  imageKey: string | null;

  /** Where the row came from (demo, an importer name). */
  @Column({ length: 40 })
  source: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
