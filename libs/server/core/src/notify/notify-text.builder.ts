/** Text of the SMS for one event, without the 【sign】 prefix; null when the event has no SMS. */
export function smsBody(kind: string, payload: Record<string, unknown>): string | null {
  if (kind === 'batch.finished') {
    const taskName = String(payload.taskName ?? '');
    const total = Number(payload.total ?? 0);
    const success = Number(payload.success ?? 0);
    return `您的批量估价任务“${taskName}”已完成：共${total}条，成功${success}条。`;
  }
  return typeof payload.text === 'string' && payload.text.trim() !== '' ? payload.text.trim() : null;
}

/** The SMS as sent: 【sign】 then the text. */
export function smsText(sign: string, kind: string, payload: Record<string, unknown>): string | null {
  const body = smsBody(kind, payload);
  return body === null ? null : `【${sign}】${body}`;
}
