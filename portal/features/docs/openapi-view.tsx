import { ColumnHeads } from '../../components/ui/column-heads';

/** A JSON Schema as the OpenAPI document gives it: only what the reference shows. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
}

export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

/** Text from the OpenAPI document, with its `code` spans shown as code. */
export function Prose({ text }: { text: string }) {
  return <>{text.split('`').map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part))}</>;
}

const literal = (v: unknown) => (v === '' ? '"" (empty)' : String(v));

function range(min: number | undefined, max: number | undefined, unit = ''): string {
  if (min !== undefined && max !== undefined) return `, ${min}–${max}${unit}`;
  if (max !== undefined) return `, up to ${max}${unit}`;
  if (min !== undefined) return `, at least ${min}${unit}`;
  return '';
}

/** What a value must be, in a reader's words: `string, 3–200 characters`, `one of: a, b`, `integer, 1–1000, default 100`. */
function typeOf(s: JsonSchema = {}): string {
  if (s.anyOf) {
    const literals = s.anyOf.every((part) => part.enum || part.const !== undefined);
    return literals
      ? `one of: ${s.anyOf
          .flatMap((part) => part.enum ?? [part.const])
          .map(literal)
          .join(', ')}`
      : s.anyOf.map((part) => typeOf(part)).join(' or ');
  }
  if (s.enum) return `one of: ${s.enum.map(literal).join(', ')}`;
  if (s.const !== undefined) return typeof s.const === 'string' ? `"${s.const}"` : String(s.const);
  const type = Array.isArray(s.type) ? s.type.join(' or ') : (s.type ?? 'any');
  let text = s.format ? `${type} (${s.format})` : type;
  if (type === 'array') text = `array of ${s.items ? typeOf(s.items) : 'any'}`;
  if (type === 'string') text += range(s.minLength, s.maxLength, ' characters');
  if (type === 'integer' || type === 'number') text += range(s.minimum, s.maximum);
  if (s.default !== undefined) text += `, default ${literal(s.default)}`;
  return text;
}

interface Field {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** An object's fields, nested objects' fields under dotted names after their parent. */
function fieldsOf(s: JsonSchema, prefix = ''): Field[] {
  return Object.entries(s.properties ?? {}).flatMap(([name, schema]) => [
    { name: `${prefix}${name}`, required: s.required?.includes(name) ?? false, schema },
    ...(schema.properties ? fieldsOf(schema, `${prefix}${name}.`) : []),
  ]);
}

/** A parameter or field's name, marked when it must be sent. */
function Name({ name, required }: { name: string; required: boolean | undefined }) {
  return (
    <>
      <code>{name}</code>
      {required ? ' (required)' : ''}
    </>
  );
}

/** The parameters of one operation: where each goes, its type, and what it means. */
export function ParametersTable({ label, parameters }: { label: string; parameters: Parameter[] }) {
  return (
    <table className="simple-table reference-table">
      <caption className="visually-hidden">Parameters of {label}</caption>
      <ColumnHeads names={['Parameter', 'In', 'Type', 'Description']} />
      <tbody>
        {parameters.map((p) => (
          <tr key={`${p.in}-${p.name}`}>
            <td>
              <Name name={p.name} required={p.required} />
            </td>
            <td data-label="In">{p.in}</td>
            <td data-label="Type">{typeOf(p.schema)}</td>
            <td>{p.description ? <Prose text={p.description} /> : null}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A JSON request body's fields with their types; descriptions only where the document gives any. */
function BodyFields({ caption, schema }: { caption: string; schema: JsonSchema }) {
  const fields = fieldsOf(schema);
  const described = fields.some((f) => f.schema.description);
  return (
    <table className="simple-table reference-table">
      <caption className="visually-hidden">{caption}</caption>
      <ColumnHeads names={['Field', 'Type', described && 'Description']} />
      <tbody>
        {fields.map((f) => (
          <tr key={f.name}>
            <td>
              <Name name={f.name} required={f.required} />
            </td>
            <td data-label="Type">{typeOf(f.schema)}</td>
            {described ? <td>{f.schema.description ? <Prose text={f.schema.description} /> : null}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A request body's fields; a body of several forms (one product, or a basket) gives each its own table. */
export function RequestBodyTable({ label, schema }: { label: string; schema: JsonSchema }) {
  const forms = schema.anyOf?.filter((f) => f.properties) ?? [];
  if (forms.length === 0) return <BodyFields caption={`Request body of ${label}`} schema={schema} />;
  return (
    <>
      {forms.map((form, i) => (
        <div key={Object.keys(form.properties!).join()}>
          <p className="small muted">{i === 0 ? `One of ${forms.length} forms. The first:` : 'Or:'}</p>
          <BodyFields caption={`Request body of ${label}, form ${i + 1} of ${forms.length}`} schema={form} />
        </div>
      ))}
    </>
  );
}
