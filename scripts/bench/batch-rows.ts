/** The rows, spreadsheet and HTTP steps that bench:batch and bench:revaluation share. */
import ExcelJS from 'exceljs';
import type Redis from 'ioredis';
import path from 'node:path';
import { root } from './bench-process';

const { BATCH_COLUMNS } = require(path.join(root, 'dist/server/libs/domain/src')) as typeof import('@valuation/domain');

export interface Row {
  cityName: string;
  location: string;
  cityCode: string;
  cells: Record<string, string>;
}

export interface DemoCommunity {
  name: string;
  city_code: string;
  city_name: string;
}

/** The demo communities, in a fixed shuffled order. */
export const DEMO_COMMUNITIES_SQL = `SELECT c.name, c.city_code, r.name AS city_name FROM community c JOIN region r ON r.code = c.city_code
  WHERE c.source = 'demo' ORDER BY md5(c.ha_code)`;

/** `count` rows for flats in the demo communities, cycling through them with varied flats. */
export function buildRows(communities: readonly DemoCommunity[], count: number): Row[] {
  return Array.from({ length: count }, (_, i) => {
    const c = communities[(i * 7919) % communities.length];
    const cells: Record<string, string> = {
      cityName: c.city_name,
      location: c.name,
      propType: '住宅',
      bldgArea: String(45 + ((i * 13) % 110) + 0.5),
      floor: String(1 + (i % 17)),
      bheight: '18',
      br: String(1 + (i % 4)),
      lr: String(1 + (i % 2)),
      ba: '1',
      face: '南北',
      intDeco: '精装',
      principalCode: `KH${String(i + 1).padStart(6, '0')}`,
    };
    return { cityName: c.city_name, location: c.name, cityCode: c.city_code, cells };
  });
}

export async function writeXlsx(rows: readonly Row[], file: string): Promise<void> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('批量估价');
  sheet.addRow(BATCH_COLUMNS.map((c) => c.header));
  for (const r of rows) sheet.addRow(BATCH_COLUMNS.map((c) => r.cells[c.key] ?? ''));
  await book.xlsx.writeFile(file);
}

/** Logs demoadmin in through the captcha the API keeps in Redis; the bearer token. */
export async function logIn(base: string, redis: Redis, prefix: string): Promise<string> {
  const captcha = (await (await fetch(`${base}/api/login/captcha`)).json()) as { data: { identity: string } };
  const answer = await redis.get(`${prefix}:captcha:${captcha.data.identity}`);
  const login = (await (
    await fetch(`${base}/api/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userName: 'demoadmin', password: 'Demo@123456', captcha: answer, identity: captcha.data.identity }),
    })
  ).json()) as { code: number; message: string; data: { token: string } };
  if (login.code !== 200) throw new Error(`login failed: ${login.message}`);
  return login.data.token;
}

/**
 * Uploads a batch file through POST /api/batch/upload, agreeing to nationwide counts when asked;
 * the batchId, or null when the API has no upload endpoint.
 */
export async function uploadBatch(base: string, token: string, file: Buffer): Promise<string | null> {
  const form = new FormData();
  form.append('file', new Blob([file]), 'bench.xlsx');
  form.append('taskName', '压测批量');
  const res = await fetch(`${base}/api/batch/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  if (res.status === 404) return null;
  const body = (await res.json()) as { code: number; subCode?: number; message: string; data: { batchId: string } };
  if (body.code !== 200) throw new Error(`upload failed: ${body.code} ${body.message}`);
  if (body.subCode === 100) {
    const agreed = (await (
      await fetch(`${base}/api/batch/eval`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ batchId: body.data.batchId }),
      })
    ).json()) as { code: number; message: string };
    if (agreed.code !== 200) throw new Error(`batch/eval failed: ${agreed.message}`);
  }
  return body.data.batchId;
}
