import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { api } from '../../lib/api';
import { errorText, useLoad } from '../../lib/use-load';
import { ParametersTable, Prose, RequestBodyTable, type JsonSchema, type Parameter } from './openapi-view';

interface Operation {
  summary: string;
  description?: string;
  tags: string[];
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  /** The schemes a caller must satisfy, by name (`apiKey`, `supplierSession`); none for a public operation. */
  security: Record<string, string[]>[];
  responses: Record<string, { description: string }>;
}
interface OpenApi {
  info: { version: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { parameters?: Record<string, Parameter> };
}

/** What each security scheme of the document asks of a caller, in the words beside an operation's summary. */
const CREDENTIALS: Record<string, string> = { apiKey: 'API key required', supplierSession: 'supplier sign-in required' };

/**
 * The API reference, rendered from the server's own OpenAPI document. A module of its own, loaded
 * when its tab is opened: it carries the API client, which the rest of /docs does not need.
 */
export default function ApiReference() {
  const state = useLoad((signal) => api().openapi({ signal }), []);
  if (state.status === 'error') return <ErrorAlert title="API reference unavailable" message={errorText(state.error)} inline />;
  if (state.status !== 'loaded') return <p role="status">Loading the API reference…</p>;
  // The client checks the document's outline; the JSON Schemas inside are read as the view needs them.
  const doc = state.data as unknown as OpenApi;
  return (
    <div className="stack">
      <p className="small">
        Version {doc.info.version}. The same document as JSON: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1), for code generators and API
        tools.
      </p>
      {doc.tags.map((tag) => (
        <section key={tag.name} aria-labelledby={`ref-${tag.name}`} className="stack">
          <h3 id={`ref-${tag.name}`}>{tag.name}</h3>
          <p className="small muted">{tag.description}</p>
          {Object.entries(doc.paths).flatMap(([path, ops]) =>
            Object.entries(ops)
              .filter(([, op]) => op.tags.includes(tag.name))
              .map(([method, op]) => {
                const params = (op.parameters ?? []).flatMap((p) => ('$ref' in p ? (doc.components?.parameters?.[p.$ref.split('/').pop()!] ?? []) : [p]));
                const label = `${method.toUpperCase()} ${path}`;
                const headingId = `op-${method}-${path.replace(/[^\w]+/g, '-')}`;
                const body = op.requestBody?.content['application/json']?.schema;
                return (
                  <article key={label} className="endpoint" aria-labelledby={headingId}>
                    <h4 id={headingId}>
                      <span className={`method method-${method}`}>{method.toUpperCase()}</span> <code>{path}</code>
                    </h4>
                    <p className="small">
                      {op.summary}
                      {op.security
                        .flatMap((s) => Object.keys(s))
                        .map((scheme) => ` · ${CREDENTIALS[scheme] ?? 'credentials required'}`)
                        .join('')}
                    </p>
                    {op.description ? (
                      <p className="small muted">
                        <Prose text={op.description} />
                      </p>
                    ) : null}
                    {params.length ? <ParametersTable label={label} parameters={params} /> : null}
                    {method === 'post' || method === 'put' || method === 'patch' ? (
                      body ? (
                        <>
                          <h5>Request body (JSON{op.requestBody?.required ? ', required' : ''})</h5>
                          <RequestBodyTable label={label} schema={body} />
                        </>
                      ) : (
                        <p className="small muted">No request body.</p>
                      )
                    ) : null}
                    <p className="small muted">
                      Answers:{' '}
                      <Prose
                        text={Object.entries(op.responses)
                          .map(([code, r]) => `${code} ${r.description}`)
                          .join('; ')}
                      />
                    </p>
                  </article>
                );
              }),
          )}
        </section>
      ))}
    </div>
  );
}
