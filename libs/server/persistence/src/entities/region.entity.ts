import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** GB/T 2260 administrative divisions: level 1 province, 2 city, 3 district. */
@Entity('region')
@Index(['parentCode'])
@Index(['level', 'pinyin'])
export class RegionEntity {
  @PrimaryColumn({ length: 12 })
  code: string;

  @Column({ length: 50 })
  name: string;

  /** Name without the administrative suffix (北京市 → 北京), as the city picker shows it. */
  @Column({ length: 50 })
  shortName: string;

  @Column({ type: 'smallint' })
  level: number;

  @Column({ type: 'varchar', length: 12, nullable: true })
  parentCode: string | null;

  /** Full pinyin of the short name, lower case without spaces (beijing). */
  @Column({ length: 100 })
  pinyin: string;

  /** Pinyin initials of the short name (bj). */
  @Column({ length: 20 })
  initials: string;
}
