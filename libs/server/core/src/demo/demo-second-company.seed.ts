import type { EntityManager } from 'typeorm';
import { UserType } from '@valuation/domain';
import { AccountEntity, AccountRoleEntity, OrganizationEntity, RoleEntity, RolePermissionEntity } from '@valuation/persistence';
import { hashPassword } from '../identity/password';

/** The demo tenant's second customer company, its branch and its two accounts. */
export const SECOND_DEMO_COMPANY = {
  name: '华东示范商业银行',
  branch: '浦东支行',
  /** An enterprise account of the company itself. */
  enterpriseLogin: 'hdadmin',
  /** A personal account (userType 2) of the branch. */
  personalLogin: 'hdperson',
} as const;

/** What the seed of the demo tenant gives the company's accounts. */
export interface SecondCompanyOptions {
  password: string;
  permissions: readonly number[];
  credit: (m: EntityManager, tenantId: number, account: AccountEntity, counts: SecondCompanyCounts) => Promise<void>;
}

export interface SecondCompanyCounts {
  beijing: number;
  shanghai: number;
  universal: number;
  advisory: number;
  inquiry: number;
}

/**
 * Adds 华东示范商业银行 to the demo tenant once: the company with a branch, a valuer role of its own
 * (the next free customer role code), an enterprise and a personal account holding it, and small
 * balances. A tenant that already has a company of that name (kept or deleted) gets nothing.
 */
export async function seedSecondDemoCompany(m: EntityManager, tenantId: number, options: SecondCompanyOptions): Promise<boolean> {
  const had = await m.findOneBy(OrganizationEntity, { tenantId, name: SECOND_DEMO_COMPANY.name });
  if (had) return false;

  const saveOrg = async (name: string, parent: OrganizationEntity | null, extra: Partial<OrganizationEntity>) => {
    const org = await m.save(
      OrganizationEntity,
      m.create(OrganizationEntity, { tenantId, name, parentId: parent?.id ?? null, companyId: 0, path: '', ...extra }),
    );
    org.companyId = parent ? parent.companyId : org.id;
    org.path = `${parent ? parent.path : '/'}${org.id}/`;
    return m.save(OrganizationEntity, org);
  };
  const company = await saveOrg(SECOND_DEMO_COMPANY.name, null, {
    provinceCode: '310000',
    provinceName: '上海市',
    cityCode: '310100',
    cityName: '上海市',
    address: '上海市浦东新区陆家嘴环路1000号',
    socialCode: '91310000100000000Y',
    contact: '陈经理',
    contactNumber: '021-68000000',
    email: 'contact@eastbank.example.com',
    fax: '021-68000001',
    department: '零售信贷部',
    position: '经理',
    businessType: '按揭贷款,其他贷款',
  });
  const branch = await saveOrg(SECOND_DEMO_COMPANY.branch, company, { cityCode: '310100', cityName: '上海市', contact: '孙主任' });

  const [{ largest }] = (await m.query(
    `SELECT max(code::bigint)::text AS largest FROM role WHERE tenant_id = $1 AND kind = 'customer' AND code ~ '^[0-9]{1,10}$'`,
    [tenantId],
  )) as { largest: string | null }[];
  const role = await m.save(
    RoleEntity,
    m.create(RoleEntity, {
      tenantId,
      kind: 'customer',
      companyId: company.id,
      code: String(Number(largest ?? '1000') + 1),
      name: '估价用户',
      remark: '快速估价与估价记录',
      createdName: '系统',
      updatedName: '系统',
    }),
  );
  await m.save(
    RolePermissionEntity,
    options.permissions.map((permissionId) => ({ roleId: role.id, permissionId })),
  );

  const hash = await hashPassword(options.password);
  const saveAccount = (loginUser: string, userName: string, org: OrganizationEntity, userType: UserType, phone: string) =>
    m.save(
      AccountEntity,
      m.create(AccountEntity, {
        tenantId,
        organizationId: org.id,
        companyId: company.id,
        loginUser,
        userName,
        passwordHash: hash,
        email: `${loginUser}@eastbank.example.com`,
        mobilePhone: phone,
        userType,
        status: 0,
        expireDate: null,
      }),
    );
  const enterprise = await saveAccount(SECOND_DEMO_COMPANY.enterpriseLogin, '华东管理员', company, UserType.Enterprise, '13800000011');
  const personal = await saveAccount(SECOND_DEMO_COMPANY.personalLogin, '华东个人用户', branch, UserType.Personal, '13800000012');
  await m.save(AccountRoleEntity, [
    { accountId: enterprise.id, roleId: role.id },
    { accountId: personal.id, roleId: role.id },
  ]);
  await options.credit(m, tenantId, enterprise, { beijing: 0, shanghai: 100, universal: 10, advisory: 5, inquiry: 5 });
  await options.credit(m, tenantId, personal, { beijing: 0, shanghai: 20, universal: 5, advisory: 0, inquiry: 0 });
  return true;
}
