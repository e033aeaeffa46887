import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type PoiCategory = 'transport' | 'education' | 'medical';

/** A point of interest near communities: transport (with routes), education, medical. WGS84. */
@Entity('poi')
@Index(['cityCode', 'category'])
@Index(['cityCode', 'name'])
@Index('idx_poi_name_trgm', { synchronize: false })
@Index(['lat', 'lon'])
export class PoiEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index({ unique: true })
  @Column({ length: 80 })
  poiKey: string;

  @Column({ length: 6 })
  cityCode: string;

  @Column({ type: 'varchar', length: 12 })
  category: PoiCategory;

  /** subway, bus, kindergarten, primary, middle, hospital, clinic... */
  @Column({ length: 20 })
  subType: string;

  @Column({ length: 100 })
  name: string;

  @Column({ type: 'double precision' })
  lat: number;

  @Column({ type: 'double precision' })
  lon: number;

  /** Transport routes (lines) serving the stop. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  routes: string[];

  @Column({ length: 40 })
  source: string;
}
