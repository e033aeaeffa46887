import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import {
  addDays,
  businessToday,
  BuyMode,
  DEFAULT_BUSINESS_NAMES,
  OrderFrom,
  permissionsOfScope,
  Perm,
  ProductCode,
  REPORT_CONFIG_DEFAULTS,
  UserType,
} from '@valuation/domain';
import {
  AccountEntity,
  AccountRoleEntity,
  BalanceOrderRepository,
  BalanceRepository,
  BusinessEntity,
  OrganizationEntity,
  ReportConfigEntity,
  RoleEntity,
  RolePermissionEntity,
  SiteConfigEntity,
  TenantEntity,
  TenantStaffEntity,
  TenantStaffRoleEntity,
  TenantPriceEntity,
} from '@valuation/persistence';
import { BalanceBookService } from '../quota/balance-book.service';
import { hashPassword } from '../identity/password';
import { demoBackgroundPng, demoLogoPng, demoSealPng, demoSignaturePng } from './png';
import { SECOND_DEMO_COMPANY, seedSecondDemoCompany, type SecondCompanyOptions } from './demo-second-company.seed';

/** Password of every demo login. Listed in the README with a warning to change it. */
export const DEMO_PASSWORD = 'Demo@123456';
export const DEMO_TENANT_CODE = 'demo';

export interface ImageSink {
  put(key: string, body: Buffer, size?: number, contentType?: string): Promise<unknown>;
}

export interface DemoPlatform {
  created: boolean;
  tenantId: number;
}

export interface TenantFixture {
  code: string;
  name: string;
  productName: string;
  companyName: string;
  /** Login-name prefix, so several fixtures can live in one database. */
  prefix: string;
  /** Name of the fixture's customer company. */
  customerName: string;
  /** First seven digits of the accounts' mobile numbers (unique per fixture). */
  phonePrefix: string;
}

/**
 * Valuation permissions: quick valuation with its actions, the records list, batch valuation, the
 * manual enquiry and re-appraisal lists where the answers of the appraisers arrive, and institution
 * valuation.
 */
const VALUATION_PERMISSIONS = [
  Perm.quickValuation,
  Perm.saleValuation,
  Perm.rentValuation,
  Perm.manualEnquiry,
  Perm.mapPositioning,
  Perm.evalFieldFeature,
  Perm.evalDetail,
  34,
  35,
  21,
  Perm.valuationRecords,
  24,
  25,
  Perm.recordExport,
  Perm.batch,
  Perm.batchCreate,
  Perm.batchDetail,
  Perm.batchExport,
  Perm.manualEnquiryList,
  Perm.objectionReviewList,
  Perm.agencyValuation,
];

/** The appraiser's workbench and its actions; the channel administrator's role has everything else. */
const APPRAISER_PERMISSIONS: number[] = [Perm.appraiser, Perm.appraiserClaim, Perm.appraiserAnswer];

/** What the rent-only demo role lacks of the valuer's permissions. */
const RENT_ONLY_WITHOUT: readonly number[] = [
  Perm.saleValuation,
  Perm.recordExport,
  Perm.batch,
  Perm.batchCreate,
  Perm.batchDetail,
  Perm.batchExport,
];

/**
 * The tenant's consulting report with a demonstration seal and two appraiser signatures, so that
 * demo advisory PDFs carry what their statement requires (report images 3, 4 and 5).
 */
async function seedAdvisoryReportConfig(
  m: EntityManager,
  tenantId: number,
  images: ImageSink,
  pictures: { seal: Buffer; signatures: Buffer[] },
): Promise<void> {
  const files: [3 | 4 | 5, Buffer][] = [
    [3, pictures.signatures[0]],
    [4, pictures.signatures[1]],
    [5, pictures.seal],
  ];
  const imageKeys: Partial<Record<3 | 4 | 5, string>> = {};
  for (const [type, png] of files) {
    const key = `site/${tenantId}/report-image-${type}.png`;
    await images.put(key, png, png.length, 'image/png');
    imageKeys[type] = key;
  }
  await m.save(
    ReportConfigEntity,
    m.create(ReportConfigEntity, { tenantId, companyId: null, reportType: 2, ...REPORT_CONFIG_DEFAULTS[2], imageKeys }),
  );
}

/**
 * A complete tenant: branding, staff, one customer company with two sub-organisations, roles and
 * accounts with balances. Used by the demo seed and by tests that need a realistic platform.
 */
export async function createTenantFixture(m: EntityManager, f: TenantFixture, password: string, images?: ImageSink): Promise<number> {
  // Rendering blocks the event loop for seconds on a busy machine. Done before the awaits below,
  // a kept-alive S3 socket the server closes meanwhile leaves the pool before the first upload.
  const pictures = images
    ? { logo: demoLogoPng(), background: demoBackgroundPng(), seal: demoSealPng(), signatures: [demoSignaturePng(1), demoSignaturePng(2)] }
    : null;
  const hash = await hashPassword(password);
  const tenant = await m.save(TenantEntity, m.create(TenantEntity, { code: f.code, name: f.name, evalFlags: null, evalClass: null }));
  const t = tenant.id;

  let logoKey: string | null = null;
  let backgroundKey: string | null = null;
  if (images) {
    logoKey = `site/${t}/logo.png`;
    backgroundKey = `site/${t}/background.png`;
    const { logo, background } = pictures!;
    await images.put(logoKey, logo, logo.length, 'image/png');
    await images.put(backgroundKey, background, background.length, 'image/png');
    await seedAdvisoryReportConfig(m, t, images, pictures!);
  }
  await m.save(
    SiteConfigEntity,
    m.create(SiteConfigEntity, {
      tenantId: t,
      companyId: null,
      productName: f.productName,
      companyName: f.companyName,
      companyProfile: 'https://www.example.com/about',
      address: '北京市朝阳区建国路88号',
      contact: '400-800-1234',
      email: 'service@example.com',
      themeColor: 'rgba(28, 126, 214, 1)',
      logoKey,
      backgroundKey,
    }),
  );

  const saveOrg = async (name: string, parent: OrganizationEntity | null, extra: Partial<OrganizationEntity> = {}) => {
    const org = await m.save(
      OrganizationEntity,
      m.create(OrganizationEntity, {
        tenantId: t,
        name,
        parentId: parent?.id ?? null,
        companyId: 0,
        path: '',
        ...extra,
      }),
    );
    org.companyId = parent ? parent.companyId : org.id;
    org.path = `${parent ? parent.path : '/'}${org.id}/`;
    return m.save(OrganizationEntity, org);
  };
  const company = await saveOrg(f.customerName, null, {
    provinceCode: '110000',
    provinceName: '北京市',
    cityCode: '110100',
    cityName: '北京市',
    address: '北京市西城区金融大街1号',
    socialCode: '91110000100000000X',
    contact: '王经理',
    contactNumber: '010-66000000',
    email: 'contact@bank.example.com',
    businessType: '按揭贷款,其他贷款',
  });
  await seedBusinessTypes(m, t, company.id);
  const branchA = await saveOrg('朝阳支行', company, { cityCode: '110100', cityName: '北京市', contact: '李主任' });
  const branchB = await saveOrg('海淀支行', company, { cityCode: '110100', cityName: '北京市', contact: '赵主任' });

  const saveRole = async (kind: 'customer' | 'tenant', code: string, name: string, remark: string, permissionIds: number[]) => {
    const role = await m.save(
      RoleEntity,
      m.create(RoleEntity, {
        tenantId: t,
        kind,
        companyId: kind === 'customer' ? company.id : null,
        code,
        name,
        remark,
        createdName: '系统',
        updatedName: '系统',
      }),
    );
    await m.save(
      RolePermissionEntity,
      permissionIds.map((permissionId) => ({ roleId: role.id, permissionId })),
    );
    return role;
  };
  const adminRole = await saveRole(
    'customer',
    '1001',
    '机构管理员',
    '机构全部权限',
    permissionsOfScope('customer').map((p) => p.id),
  );
  const valuerRole = await saveRole('customer', '1002', '估价用户', '估价相关权限', VALUATION_PERMISSIONS);
  const rentRole = await saveRole(
    'customer',
    '1003',
    '租金估价用户',
    '只估租金，不导出，无批量估价',
    VALUATION_PERMISSIONS.filter((id) => !RENT_ONLY_WITHOUT.includes(id)),
  );
  const channelRole = await saveRole(
    'tenant',
    '2001',
    '渠道管理员',
    '渠道全部权限',
    permissionsOfScope('tenant')
      .filter((p) => !APPRAISER_PERMISSIONS.includes(p.id))
      .map((p) => p.id),
  );
  const appraiserRole = await saveRole('tenant', '2002', '估价师', '处理人工询价、复评与异议', APPRAISER_PERMISSIONS);

  const saveAccount = async (loginUser: string, userName: string, org: OrganizationEntity, phone: string, email: string) =>
    m.save(
      AccountEntity,
      m.create(AccountEntity, {
        tenantId: t,
        organizationId: org.id,
        companyId: org.companyId,
        loginUser,
        userName,
        passwordHash: hash,
        email,
        mobilePhone: phone,
        userType: UserType.Enterprise,
        status: 0,
        expireDate: null,
      }),
    );
  const admin = await saveAccount(`${f.prefix}admin`, '演示管理员', company, `${f.phonePrefix}0001`, `${f.prefix}admin@bank.example.com`);
  const user = await saveAccount(`${f.prefix}user`, '演示用户', branchA, `${f.phonePrefix}0002`, `${f.prefix}user@bank.example.com`);
  const renter = await saveAccount(`${f.prefix}rent`, '演示租赁用户', branchB, `${f.phonePrefix}0005`, `${f.prefix}rent@bank.example.com`);
  await m.save(AccountRoleEntity, [
    { accountId: admin.id, roleId: adminRole.id },
    { accountId: user.id, roleId: valuerRole.id },
    { accountId: renter.id, roleId: rentRole.id },
  ]);

  const saveStaff = async (loginUser: string, userName: string, phone: string) =>
    m.save(
      TenantStaffEntity,
      m.create(TenantStaffEntity, {
        tenantId: t,
        loginUser,
        userName,
        passwordHash: hash,
        email: `${loginUser}@channel.example.com`,
        mobilePhone: phone,
        status: 0,
        expireDate: null,
      }),
    );
  const channelAdmin = await saveStaff(f.prefix === 'demo' ? 'channeladmin' : `${f.prefix}channel`, '渠道管理员', `${f.phonePrefix}0003`);
  const appraiser = await saveStaff(f.prefix === 'demo' ? 'appraiser1' : `${f.prefix}apprsr`, '估价师一', `${f.phonePrefix}0004`);
  await m.save(TenantStaffRoleEntity, [
    { staffId: channelAdmin.id, roleId: channelRole.id },
    { staffId: appraiser.id, roleId: appraiserRole.id },
  ]);

  await m.save(
    TenantPriceEntity,
    DEMO_PRICE_LIST.map((p) => m.create(TenantPriceEntity, { tenantId: t, ...p })),
  );
  await creditBalances(m, t, admin, { beijing: 1000, shanghai: 500, universal: 200, advisory: 50, inquiry: 50 });
  await creditBalances(m, t, user, { beijing: 200, shanghai: 0, universal: 20, advisory: 10, inquiry: 10 });
  await creditBalances(m, t, renter, { beijing: 50, shanghai: 0, universal: 10, advisory: 0, inquiry: 0 });
  return t;
}

/** The demo channel's price list: per buy mode the counts of one unit and its price in yuan. */
const DEMO_PRICE_LIST: readonly { buyMode: number; unit: number; price: string }[] = [
  { buyMode: BuyMode.personalGift, unit: 10, price: '0.00' },
  { buyMode: BuyMode.enterpriseGift, unit: 50, price: '0.00' },
  { buyMode: BuyMode.firstPurchase, unit: 100, price: '200.00' },
  { buyMode: BuyMode.tiered, unit: 1, price: '3.00' },
  { buyMode: BuyMode.cityAnnual, unit: 1000, price: '2000.00' },
  { buyMode: BuyMode.perCopy, unit: 1, price: '50.00' },
];

/** Demo orders for an account: city-annual Beijing and Shanghai, nationwide valuations, report copies, valid for a year. */
async function creditBalances(
  m: EntityManager,
  tenantId: number,
  account: AccountEntity,
  counts: { beijing: number; shanghai: number; universal: number; advisory: number; inquiry: number },
) {
  const book = new BalanceBookService(new BalanceRepository(m.connection), new BalanceOrderRepository(m.connection));
  const effectiveDate = businessToday();
  const expireDate = addDays(effectiveDate, 365);
  const order = (productCode: string, buyModeCode: BuyMode, count: number, price: number, cities: { code: string; name: string }[] = []) =>
    count > 0
      ? book.placeOrder(m, {
          tenantId,
          accountId: account.id,
          companyId: account.companyId,
          productCode,
          buyModeCode,
          cities,
          count,
          orderPrice: price.toFixed(2),
          effectiveDate,
          expireDate,
          remark: null,
          orderFrom: OrderFrom.admin,
          createdBy: null,
        })
      : null;
  await order(ProductCode.valuation, BuyMode.cityAnnual, counts.beijing, counts.beijing * 2, [{ code: '110100', name: '北京市' }]);
  await order(ProductCode.valuation, BuyMode.cityAnnual, counts.shanghai, counts.shanghai * 2, [{ code: '310100', name: '上海市' }]);
  await order(ProductCode.valuation, BuyMode.enterpriseGift, counts.universal, 0);
  await order(ProductCode.advisory, BuyMode.perCopy, counts.advisory, counts.advisory * 50);
  await order(ProductCode.inquiry, BuyMode.perCopy, counts.inquiry, counts.inquiry * 30);
}

/**
 * The default business types (按揭贷款, 其他贷款) of a customer company, each added only if the
 * company has never had it: running again adds nothing, and a type deleted by the company stays
 * deleted.
 */
export async function seedBusinessTypes(m: EntityManager, tenantId: number, companyId: number): Promise<number> {
  const had = new Set(
    (await m.find(BusinessEntity, { select: { businessName: true }, where: { tenantId, companyId } })).map((b) => b.businessName),
  );
  const missing = DEFAULT_BUSINESS_NAMES.filter((name) => !had.has(name));
  if (missing.length)
    await m.save(
      BusinessEntity,
      missing.map((businessName) =>
        m.create(BusinessEntity, { tenantId, companyId, businessName, createName: '系统', updateName: '系统' }),
      ),
    );
  return missing.length;
}

/** The demo tenant's second customer company: valuer accounts with the demo password and small balances. */
const secondCompany = (password: string): SecondCompanyOptions => ({
  password,
  permissions: VALUATION_PERMISSIONS,
  credit: creditBalances,
});

/**
 * Loads the demo platform once; later runs find the demo tenant and change nothing but adding the
 * second customer company if it never had it and the default business types its customer
 * companies never had.
 */
export async function seedDemoPlatform(ds: DataSource, images?: ImageSink): Promise<DemoPlatform> {
  return ds.transaction(async (m) => {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('seed-demo-platform'))`);
    const existing = await m.findOneBy(TenantEntity, { code: DEMO_TENANT_CODE });
    if (existing) {
      await seedSecondDemoCompany(m, existing.id, secondCompany(DEMO_PASSWORD));
      const companies = await m.find(OrganizationEntity, { select: { id: true }, where: { tenantId: existing.id, parentId: IsNull() } });
      for (const c of companies) await seedBusinessTypes(m, existing.id, c.id);
      return { created: false, tenantId: existing.id };
    }
    const tenantId = await createTenantFixture(
      m,
      {
        code: DEMO_TENANT_CODE,
        name: '演示渠道',
        productName: '房产智能估价平台',
        companyName: '北京演示估价服务有限公司',
        prefix: 'demo',
        customerName: '北京示范银行',
        phonePrefix: '1380000',
      },
      DEMO_PASSWORD,
      images,
    );
    await seedSecondDemoCompany(m, tenantId, secondCompany(DEMO_PASSWORD));
    const second = await m.findOneByOrFail(OrganizationEntity, { tenantId, name: SECOND_DEMO_COMPANY.name });
    await seedBusinessTypes(m, tenantId, second.id);
    return { created: true, tenantId };
  });
}
