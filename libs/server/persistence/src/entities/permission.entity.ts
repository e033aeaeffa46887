import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The permission catalogue of libs/domain, loaded by migration. */
@Entity('permission')
export class PermissionEntity {
  @PrimaryColumn()
  id: number;

  @Column({ length: 50 })
  name: string;

  @Column({ default: 0 })
  parentId: number;

  @Column({ type: 'smallint' })
  level: number;

  @Column({ type: 'smallint' })
  sort: number;

  @Column({ length: 80 })
  code: string;

  /** customer or tenant */
  @Column({ length: 10 })
  scope: string;

  @Column({ length: 120, default: '' })
  url: string;

  /** 1 menu page, 2 action or data range. */
  @Column({ type: 'smallint' })
  resourceType: number;
}
