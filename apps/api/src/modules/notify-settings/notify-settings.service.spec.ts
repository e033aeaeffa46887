import { loggedUrl } from './notify-settings.service';

describe('a webhook address in the operation log', () => {
  it('shows scheme, host and path, never credentials in the user part or the query', () => {
    expect(loggedUrl('https://user:pw@hooks.example.com:8443/valuation/done?key=s3cret')).toBe(
      'https://hooks.example.com:8443/valuation/done?…',
    );
    expect(loggedUrl('http://hooks.example.com/done')).toBe('http://hooks.example.com/done');
    expect(loggedUrl(null)).toBe('（无）');
  });
});
