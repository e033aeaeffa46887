import { z } from 'zod';

/** One organisation of the tree with its sub-organisations (GET api/auth/org/findMOrgs). */
export const orgTreeNodeSchema = z
  .object({
    id: z.number(),
    parentId: z.number().nullable(),
    name: z.string(),
    get children(): z.ZodArray<typeof orgTreeNodeSchema> {
      return z.array(orgTreeNodeSchema);
    },
  })
  .meta({ id: 'OrgTreeNode', description: '机构树的一个机构及其下级机构' });
export type OrgTreeNodeView = z.infer<typeof orgTreeNodeSchema>;

/** An organisation just added, renamed or moved. */
export const orgNodeSchema = z.object({ id: z.number(), parentId: z.number().nullable(), name: z.string() }).meta({ id: 'OrgNode' });
export type OrgNodeView = z.infer<typeof orgNodeSchema>;

/** The information form of one organisation (GET api/auth/org/findInfoById). */
export const orgInfoSchema = z
  .object({
    id: z.number(),
    parentId: z.number().nullable(),
    /** Name of the parent organisation; empty for a customer company. */
    parentName: z.string(),
    /** A customer company (no parent): shows social code and licence; a sub-organisation shows 负责人 and its parent. */
    topLevel: z.boolean(),
    name: z.string(),
    provinceCode: z.string(),
    provinceName: z.string(),
    cityCode: z.string(),
    cityName: z.string(),
    address: z.string(),
    socialCode: z.string(),
    /** File name of the stored licence image (GET api/auth/org/images), or null when none was uploaded. */
    licenseFile: z.string().nullable(),
    contact: z.string(),
    contactNumber: z.string(),
    email: z.string(),
    fax: z.string(),
    /** Business types as a comma list: 按揭贷款, 其他贷款. */
    bussinessType: z.string(),
  })
  .meta({ id: 'OrgInfo' });
export type OrgInfo = z.infer<typeof orgInfoSchema>;
