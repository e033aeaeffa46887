/**
 * Institution (agency) valuation applications, as the organisation side (api/org/...) and the
 * channel side (api/org/tenant/...) give them.
 */

import { z } from 'zod';

export const agencyFileLinkSchema = z
  .object({
    kind: z.enum(['attachment', 'report']),
    index: z
      .number()
      .describe('Position in its list; with kind and detailID it names the file to GET api/org/download or api/org/tenant/download.'),
    name: z.string(),
    size: z.number(),
  })
  .meta({
    id: 'AgencyFileLink',
    description: "A downloadable file of an application: the customer's attachment or a report file of the reply.",
  });
export type AgencyFileLink = z.infer<typeof agencyFileLinkSchema>;

export const workflowHistoryViewSchema = z
  .object({
    event: z.string().describe('The step: SUBMIT, RECEIVE, REPLY, READ for applications; APPLY, EDIT, COMPLETE, FAIL for domains.'),
    eventName: z.string().describe('Chinese name of the step.'),
    fromState: z.string().nullable(),
    toState: z.string(),
    actorPopulation: z.enum(['user', 'tenant', 'operator']).describe('Who acted: a customer user, tenant staff or the platform operator.'),
    actorName: z.string(),
    time: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    data: z.record(z.string(), z.unknown()).describe('What the step changed (receiver, prices and report file names, domain, reason...).'),
  })
  .meta({
    id: 'WorkflowHistoryView',
    description:
      'One transition of a workflow (an institution valuation or a customer domain application): who did what, when, from which state to which.',
  });
export type WorkflowHistoryView = z.infer<typeof workflowHistoryViewSchema>;

export const agencyListItemSchema = z
  .object({
    detailID: z.number(),
    version: z
      .number()
      .describe(
        "Increases with every transition but a side's reading; receive and reply may send the version seen to get a conflict when it changed since.",
      ),
    customerName: z.string(),
    customerPhone: z.string(),
    applicantName: z.string().describe('The user who filed it and the customer company (shown on the channel side).'),
    companyName: z.string(),
    submitTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    updateTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    cityName: z.string(),
    haName: z.string().nullable(),
    cardAddress: z.string().nullable(),
    location: z.string().nullable(),
    bldgtypeName: z.string(),
    bldgArea: z.number().nullable(),
    reportType: z.boolean().describe('true formal, false preliminary (pre-assessment).'),
    reportStatus: z.literal([1, 2, 3]).describe('1 pending, 2 in progress, 3 done.'),
    reportResult: z.number().nullable().describe('The replied total price in yuan (null until done).'),
    evalType: z.literal([1, 2]),
    receiverName: z.string().nullable(),
    receiverPhone: z.string().nullable(),
    totalPrice: z.number().nullable(),
    unitPrice: z.number().nullable(),
    downloadUrl: z.array(agencyFileLinkSchema).describe("The customer's attachments."),
    reportUrl: z.array(agencyFileLinkSchema).describe('The report files of the reply.'),
    readstatus: z.literal([0, 1]).describe('Read markers, 0 read and 1 unread: for the organisation side and for the channel.'),
    readstatusTenant: z.literal([0, 1]),
  })
  .meta({ id: 'AgencyListItem', description: 'One row of GET api/org/list and api/org/tenant/list.' });
export type AgencyListItem = z.infer<typeof agencyListItemSchema>;

export const agencyDetailSchema = agencyListItemSchema
  .extend({
    remark: z.string(),
    otherInfo: z.object({
      receiverName: z.string().nullable(),
      receiverPhone: z.string().nullable(),
      haCode: z.string().nullable(),
      cityCode: z.string(),
      totalPrice: z.number().nullable(),
      unitPrice: z.number().nullable(),
      evaltype: z.literal([1, 2]),
      fileUrl: z.array(agencyFileLinkSchema),
      downloadUrl: z.array(agencyFileLinkSchema),
      reportStatus: z.literal([1, 2, 3]),
    }),
    houseInfo: z.object({
      principal: z.string().nullable(),
      owner: z.string().nullable(),
      businessTypeName: z.string().nullable(),
      cityName: z.string(),
      haName: z.string().nullable(),
      cardAddress: z.string().nullable(),
      bldgArea: z.number().nullable(),
      floor: z.number().nullable(),
      bheight: z.number().nullable(),
      buildNo: z.string().nullable(),
      unit: z.string().nullable(),
      roomNo: z.string().nullable(),
      br: z.number().nullable(),
      lr: z.number().nullable(),
      ba: z.number().nullable(),
      propType: z.number(),
      faceName: z.string(),
      intdecoName: z.string(),
      indoStruName: z.string(),
      bldgTypeName: z.string(),
      bldgstruName: z.string(),
      buildYear: z.number().nullable(),
      gpsLon: z.number().nullable().describe('bd09ll, null without a location.'),
      gpsLat: z.number().nullable(),
      reportType: z.boolean(),
    }),
    history: z.array(workflowHistoryViewSchema).describe("What happened, oldest first, from the application's history."),
  })
  .meta({ id: 'AgencyDetail', description: 'GET api/org/detail and api/org/tenant/detail.' });
export type AgencyDetail = z.infer<typeof agencyDetailSchema>;

export const customerDomainViewSchema = z
  .object({
    id: z.number(),
    companyId: z.number(),
    companyName: z.string(),
    categoryName: z.string(),
    domain: z.string(),
    serverIp: z.string().nullable(),
    state: z.literal([1, 2, 3]).describe('1 processing, 2 completed, 3 failed.'),
    failReason: z.string().nullable(),
    updateTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    version: z
      .number()
      .describe('Increases with every transition; an edit may send the version seen to get a conflict when it changed since.'),
  })
  .meta({ id: 'CustomerDomainView', description: 'GET /api/tenant/customer-domain/pageable rows.' });
export type CustomerDomainView = z.infer<typeof customerDomainViewSchema>;

export const agencySubmittedSchema = z
  .object({ detailID: z.number().describe('The new application.') })
  .meta({ id: 'AgencySubmitted', description: 'Answer of POST api/org/req.' });
export type AgencySubmitted = z.infer<typeof agencySubmittedSchema>;

export const agencyReadStatusSchema = z
  .object({ readstatus: z.literal([0, 1]).describe('0 read, 1 unread.') })
  .meta({ id: 'AgencyReadStatus', description: 'Answer of POST api/org/updatereadstatus and api/org/tenant/updatereadstatus.' });
export type AgencyReadStatus = z.infer<typeof agencyReadStatusSchema>;
