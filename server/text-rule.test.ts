import type { ZodType } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rfqBasketSubmissionSchema } from '../sdk/schemas/rfq';
import { isSingleLineText } from '../sdk/text';
import { productLineSchema, supplierLineSchema } from '../contract/schemas/imports';
import { prospectImportSchema } from '../contract/schemas/prospects';
import { startTestServer, type TestServer } from './test/harness';

// Every string a route reads, whatever schema holds it, keeps the one text rule (sdk/text.ts): the
// schemas are read from the routes themselves, so a route added tomorrow is held to it too.

interface Def {
  type: string;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  innerType?: ZodType;
  in?: ZodType;
  options?: ZodType[];
  valueType?: ZodType;
}
const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The fields of a schema that take a value of their own (not an object or a list of them), by path. */
function leaves(schema: ZodType, path: string, out: [string, ZodType][] = []): [string, ZodType][] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      for (const [key, field] of Object.entries(def.shape!)) leaves(field, path ? `${path}.${key}` : key, out);
      return out;
    case 'array':
      return leaves(def.element!, `${path}.0`, out);
    case 'record':
      // A record of unknown values is read by another schema, listed below.
      if (defOf(def.valueType!).type !== 'unknown') leaves(def.valueType!, `${path}.*`, out);
      return out;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch': {
      const inner = defOf(def.innerType!).type;
      if (['object', 'array', 'record', 'union', 'pipe'].includes(inner)) return leaves(def.innerType!, path, out);
      break;
    }
    case 'pipe':
      if (['object', 'array', 'record', 'union'].includes(defOf(def.in!).type)) return leaves(def.in!, path, out);
      break;
    case 'union':
      if (def.options!.some((o) => ['object', 'array', 'record'].includes(defOf(o).type))) {
        for (const option of def.options!) leaves(option, path, out);
        return out;
      }
      break;
  }
  out.push([path, schema]);
  return out;
}

interface Input {
  name: string;
  schema: ZodType;
}

/** Every schema the app's routes validate their input with, named by method, path and part. */
function routeInputs(server: TestServer): Input[] {
  const inputs: Input[] = [];
  for (const middleware of server.app.koa.middleware) {
    const router = (middleware as { router?: { stack: { methods: string[]; path: string; stack: unknown[] }[] } }).router;
    for (const layer of router?.stack ?? []) {
      for (const fn of layer.stack) {
        const schemas = (fn as { inputSchemas?: Partial<Record<'body' | 'query' | 'params', ZodType>> }).inputSchemas;
        for (const [part, schema] of Object.entries(schemas ?? {})) {
          if (schema && part !== 'bodyLimit') inputs.push({ name: `${layer.methods.filter((m) => m !== 'HEAD').join(',')} ${layer.path} ${part}`, schema });
        }
      }
    }
  }
  return inputs;
}

/** Input a router or service reads with a schema of its own rather than through `validate`. */
const OTHER_INPUTS: Input[] = [
  { name: 'POST /api/rfq basket', schema: rfqBasketSubmissionSchema },
  { name: 'POST /api/staff/prospects/import body', schema: prospectImportSchema },
  { name: 'admin import supplier line', schema: supplierLineSchema },
  { name: 'admin import product line', schema: productLineSchema },
];

/**
 * Texts of the shapes fields take (a name, an address, an e-mail, a web address, a phone and a VAT
 * number): a field that takes one of them, and takes it too with a space in the middle, is free
 * text there, and must answer a control character in the same place with the text rule's message.
 */
const PLAIN = [
  'Abc',
  'Acme Trading',
  'Acme Trading Company (Pty) Ltd, 12 Long Street, Durban',
  'ops@example.co.za',
  'https://shop.example.co.za/cleaning',
  '082 123 4567',
  '4123456789',
];
const CONTROLS = ['\u202e', '\r\n', '\n', '\r', '\u0000', '\u001b', '\t', '\u007f', '\u0085', '\u202a', '\u2066', '\u2069'];
const LINE_BREAKS = ['\n', '\r\n', '\t'];
const SINGLE = / must not contain control characters or line breaks$/;
const MULTI = / must not contain control characters$/;

/** Fields where a line break belongs: each is a textarea in the portal or the widget. */
const MULTI_LINE = [
  'POST /api/rfq body productDescription',
  'POST /api/rfq basket lines.0.productDescription',
  'POST /api/embed/rfq body productDescription',
  'POST /api/quotes/track/:token/accept body deliveryAddress',
  'POST /api/quotes/track/:token/accept-split body deliveryAddress',
  'PUT /api/buyer/profile body addresses.0.deliveryAddress',
  'POST /api/supplier-responses/:token/withdraw body reason',
  'POST /api/buyer/approvals/:id/reject body reason',
  'POST /api/quotes/track/:token/receipt body comment',
  'POST /api/partners/register body useCase',
  'POST /api/supplier/leads/:quoteId/firm body note',
  'POST /api/supplier/leads/:quoteId/decline body reason',
  'PATCH /api/supplier/profile body registeredAddress',
  'PATCH /api/admin/suppliers/:id body registeredAddress',
  'admin import supplier line registeredAddress',
  'admin import product line description',
  'POST /api/staff/prospects body notes',
  'POST /api/staff/prospects body actualResponse',
  'POST /api/staff/prospects body callNotes',
  'PATCH /api/staff/prospects/:id body notes',
  'PATCH /api/staff/prospects/:id body actualResponse',
  'PATCH /api/staff/prospects/:id body callNotes',
  'POST /api/demo-requests body painPoints',
  'POST /api/admin/supplier-applications/:id/reject body reason',
  'POST /api/admin/finance/fees/:purchaseOrderId/reversal body reason',
];

/** Texts of many lines that no field of theirs reaches unread: each line is read by a schema above, which names the line. */
const READ_LINE_BY_LINE = [
  'POST /api/admin/suppliers body suppliers.0',
  'POST /api/admin/products body products.0',
  'POST /api/admin/bulk-import body data',
  'POST /api/supplier/offers/import body data',
  'POST /api/staff/prospects/import body csv',
];

const at = (text: string, inserted: string) => `${text.slice(0, Math.ceil(text.length / 2))}${inserted}${text.slice(Math.ceil(text.length / 2))}`;
/** Whether a parsed value carries a control character anywhere in its text. */
const carriesControl = (value: unknown): boolean =>
  typeof value === 'string' ? !isSingleLineText(value) : typeof value === 'object' && value !== null ? Object.values(value).some(carriesControl) : false;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the text rule', () => {
  it('holds every string field of every route: a control character is refused, with its message where the field is free text', () => {
    const inputs = [...routeInputs(server), ...OTHER_INPUTS];
    expect(inputs.length).toBeGreaterThan(60);
    const faults: string[] = [];
    const multi = new Set<string>();
    let free = 0;
    for (const { name, schema } of inputs) {
      for (const [path, field] of leaves(schema, '')) {
        const key = `${name} ${path}`;
        if (READ_LINE_BY_LINE.includes(key)) continue;
        const lines = MULTI_LINE.includes(key) ? 'multi' : 'single';
        const accepted = PLAIN.filter((p) => field.safeParse(p).success);
        for (const plain of accepted.length > 0 ? accepted : PLAIN) {
          const isFree = field.safeParse(at(plain, ' ')).success;
          if (isFree) free++;
          for (const control of CONTROLS) {
            const result = field.safeParse(at(plain, control));
            const shown = `${key} ${JSON.stringify(at(plain, control))}`;
            if (lines === 'multi' && LINE_BREAKS.includes(control)) {
              if (isFree && !result.success) faults.push(`${shown} is refused: ${result.error.issues[0]!.message}`);
              continue;
            }
            // A field that reads text into a form of its own (a phone number, a link it ignores) may drop the character instead.
            if (result.success) {
              if (carriesControl(result.data)) faults.push(`${shown} is accepted`);
              continue;
            }
            const message = result.error.issues[0]!.message;
            if (MULTI.test(message)) multi.add(key);
            if (isFree && !(lines === 'multi' ? MULTI : SINGLE).test(message)) faults.push(`${shown} is refused with ${JSON.stringify(message)}`);
          }
        }
      }
    }
    expect(faults).toEqual([]);
    expect([...multi].sort()).toEqual([...MULTI_LINE].sort());
    expect(free).toBeGreaterThan(100);
  });
});
