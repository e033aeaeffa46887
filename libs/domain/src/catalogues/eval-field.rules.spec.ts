import type { EvalFieldDefinition } from '../codes/eval-fields';
import { checkEvalFieldSave, EvalFieldMsg, evalFieldSaveSchema } from './eval-field.rules';

const def = (key: string, entryType: 0 | 1 | 2): EvalFieldDefinition => ({
  key,
  fieldName: key.toUpperCase(),
  fieldType: 'text',
  entryType,
  display: true,
  required: entryType === 0,
  requiredMessage: `请输入${key}`,
});
const fields = new Map([def('fixed', 0), def('open', 1), def('req', 2)].map((d) => [d.key, d]));

describe('checkEvalFieldSave', () => {
  it('refuses any change of a fixed field but accepts it unchanged', () => {
    expect(checkEvalFieldSave([{ fieldKey: 'fixed', display: true, required: false }], fields)).toEqual({
      ok: false,
      message: EvalFieldMsg.fixed('FIXED'),
    });
    expect(checkEvalFieldSave([{ fieldKey: 'fixed', display: true, required: true }], fields)).toEqual({ ok: true, choices: [] });
  });

  it('lets a type-2 field change only required', () => {
    expect(checkEvalFieldSave([{ fieldKey: 'req', display: false, required: false }], fields)).toEqual({
      ok: false,
      message: EvalFieldMsg.displayFixed('REQ'),
    });
    const ok = checkEvalFieldSave([{ fieldKey: 'req', display: true, required: true }], fields);
    expect(ok).toMatchObject({ ok: true, choices: [{ display: true, required: true }] });
  });

  it('stores a hidden type-1 field as not required', () => {
    expect(checkEvalFieldSave([{ fieldKey: 'open', display: false, required: true }], fields)).toMatchObject({
      ok: true,
      choices: [{ display: false, required: false }],
    });
  });

  it('accepts 0/1 as well as booleans', () => {
    expect(evalFieldSaveSchema.parse([{ fieldKey: 'open', display: 1, required: 0 }])).toEqual([
      { fieldKey: 'open', display: true, required: false },
    ]);
  });
});
