import { AGENCY_EVENT_LABELS, agencyEventData, agencySubmitData } from './agency.history';
import type { AgencyEvent } from './agency.state';

const staff = { population: 'tenant' as const, id: 21, name: '渠道员工' };

describe('agency history', () => {
  it('names every step', () => {
    expect(AGENCY_EVENT_LABELS).toEqual({ SUBMIT: '提交申请', RECEIVE: '接收', REPLY: '回复评估结果', READ: '已读' });
  });

  it('keeps what each step changed, with file names but not storage keys', () => {
    expect(agencySubmitData({ reportType: 1, evalType: 2, files: [{ name: '房产证.png' }] })).toEqual({
      reportType: 1,
      evalType: 2,
      files: ['房产证.png'],
    });
    const events: AgencyEvent[] = [
      { type: 'RECEIVE', actor: staff, receiverName: ' 王五 ', receiverPhone: ' 13800138000' },
      {
        type: 'REPLY',
        actor: staff,
        totalPrice: 3_250_000,
        unitPrice: 36_500.5,
        files: [{ name: '评估报告.pdf', key: 'agency/1/x.pdf', size: 10 }],
      },
      { type: 'READ', actor: staff },
    ];
    expect(events.map(agencyEventData)).toEqual([
      { receiverName: '王五', receiverPhone: '13800138000' },
      { totalPrice: 3_250_000, unitPrice: 36_500.5, files: ['评估报告.pdf'] },
      {},
    ]);
  });
});
