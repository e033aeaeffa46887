import { isPrivateAddress, parseTargetUrl, RefusedTargetError } from './webhook-target.guard';
import { signWebhook, verifyWebhookSignature } from './webhook.signer';
import { smsText } from './notify-text.builder';

describe('webhook targets', () => {
  it('tells private and loopback addresses from public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    }
    for (const address of ['8.8.8.8', '114.114.114.114', '2400:3200::1', '::ffff:8.8.8.8']) {
      expect([address, isPrivateAddress(address)]).toEqual([address, false]);
    }
  });

  it('accepts only http and https URLs', () => {
    expect(parseTargetUrl('https://hooks.example.com/a?b=1').hostname).toBe('hooks.example.com');
    expect(() => parseTargetUrl('ftp://example.com/')).toThrow(RefusedTargetError);
    expect(() => parseTargetUrl('file:///etc/passwd')).toThrow(RefusedTargetError);
    expect(() => parseTargetUrl('not a url')).toThrow(RefusedTargetError);
  });
});

describe('webhook signature', () => {
  it('signs "<timestamp>.<body>" with HMAC-SHA256 and verifies it', () => {
    const signature = signWebhook('secret', '1700000000', '{"a":1}');
    expect(signature).toBe('sha256=49f24e537407743fa4a0242bb63b94b9a47ee99cbbe071ccd8a22550ae411686');
    expect(verifyWebhookSignature('secret', '1700000000', '{"a":1}', signature)).toBe(true);
    expect(verifyWebhookSignature('secret', '1700000001', '{"a":1}', signature)).toBe(false);
    expect(verifyWebhookSignature('other', '1700000000', '{"a":1}', signature)).toBe(false);
  });
});

describe('SMS text', () => {
  it('words the batch result in Chinese with the signature', () => {
    expect(smsText('估价平台', 'batch.finished', { taskName: '六月复估', total: 120, success: 118 })).toBe(
      '【估价平台】您的批量估价任务“六月复估”已完成：共120条，成功118条。',
    );
    expect(smsText('估价平台', 'other.event', {})).toBeNull();
  });
});
