import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A role: `kind` customer roles are held by customer accounts, tenant roles by channel staff. */
@Entity('role')
@Index(['tenantId', 'kind'])
export class RoleEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  tenantId: number;

  /** customer or tenant */
  @Column({ length: 10 })
  kind: string;

  /** Customer roles made by a customer company's administrator belong to that company; null = tenant-wide. */
  @Column({ type: 'int', nullable: true })
  companyId: number | null;

  @Column({ length: 10 })
  code: string;

  @Column({ length: 20 })
  name: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  remark: string | null;

  @Column({ type: 'int', nullable: true })
  createdBy: number | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  createdName: string | null;

  @Column({ type: 'int', nullable: true })
  updatedBy: number | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  updatedName: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

@Entity('role_permission')
export class RolePermissionEntity {
  @PrimaryColumn()
  roleId: number;

  @PrimaryColumn()
  permissionId: number;
}

@Entity('account_role')
export class AccountRoleEntity {
  @PrimaryColumn()
  accountId: number;

  @Index()
  @PrimaryColumn()
  roleId: number;
}

@Entity('tenant_staff_role')
export class TenantStaffRoleEntity {
  @PrimaryColumn()
  staffId: number;

  @Index()
  @PrimaryColumn()
  roleId: number;
}
