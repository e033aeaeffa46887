import { roleRouteId, ROLE_SIDES } from './role-sides';

describe('role sides', () => {
  it('reads the editor route’s id: a number or add', () => {
    expect(roleRouteId('add')).toBe('add');
    expect(roleRouteId('12')).toBe(12);
    expect(roleRouteId('0')).toBeNull();
    expect(roleRouteId('x')).toBeNull();
    expect(roleRouteId('99999999999')).toBeNull();
    expect(roleRouteId(undefined)).toBeNull();
  });

  it('sends each side to its own endpoints and routes', () => {
    expect(ROLE_SIDES.org.urls.list).toBe('/api/auth/role/pageable');
    expect(ROLE_SIDES.customer.urls.add).toBe('/api/tenant/auth/role/c/add');
    expect(ROLE_SIDES.staff.urls.tree).toBe('/api/tenant/auth/resource/t/distributiones');
    expect([ROLE_SIDES.customer.editRoute, ROLE_SIDES.staff.editRoute]).toEqual(['customerEditRole', 'sysEditRole']);
  });
});
