/** No community or market data could be found for the property: the user should ask a human. */
export class NoPropertyFoundError extends Error {
  constructor(readonly reason: string) {
    super('未查找到相关房产信息，可采用人工询价进行评估！');
    this.name = 'NoPropertyFoundError';
  }
}

export class EvalRecordNotFoundError extends Error {
  constructor() {
    super('估价记录不存在');
    this.name = 'EvalRecordNotFoundError';
  }
}
