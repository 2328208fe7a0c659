import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { FastifyInstance } from "fastify";
import type { Response as InjectResponse } from "light-my-request";

/**
 * For the API tests: holds a real answer to the schema `GET /api/openapi.json` documents for its
 * route, status and content type, with a JSON Schema 2020-12 validator (Ajv), so a route whose
 * answers drift from its documented schema fails a test. `route` is written as in
 * server/accounts/route-access.txt: "GET /api/order/:id".
 */
export function documentedAnswerProblems(app: FastifyInstance, route: string, res: InjectResponse): string[] {
  const [method = "", url = ""] = route.split(/\s+/);
  const document = app.swagger() as OpenApiDocument;
  const path = url.replace(/:(\w+)/g, "{$1}").replace(/\*$/, "{*}");
  const operation = document.paths?.[path]?.[method.toLowerCase()];
  if (!operation) return [`${route} is not in the document`];
  const documented = operation.responses?.[String(res.statusCode)];
  if (!documented) return [`${route} answered ${res.statusCode}, which its document does not list`];
  const type =
    String(res.headers["content-type"] ?? "")
      .split(";")[0]
      ?.trim() ?? "";
  const content = documented.content;
  if (!content) return res.body.length === 0 ? [] : [`${route} ${res.statusCode} documents no body`];
  const media = content[type];
  if (!media)
    return [`${route} ${res.statusCode} answered ${type}; documented: ${Object.keys(content).join(", ")}`];
  if (type !== "application/json" || !media.schema) return [];
  const validate = validatorFor(document, media.schema);
  if (validate(JSON.parse(res.body))) return [];
  return (validate.errors ?? []).map(
    (e) => `${route} ${res.statusCode}: ${e.instancePath || "/"} ${e.message}`,
  );
}

type OpenApiDocument = {
  paths?: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>
  >;
  components?: { schemas?: Record<string, object> };
};

const validators = new WeakMap<object, ReturnType<Ajv2020["compile"]>>();

function validatorFor(document: OpenApiDocument, schema: object) {
  let validate = validators.get(schema);
  if (!validate) {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    // $refs into the document's components resolve against the document itself.
    ajv.addSchema({ $id: "doc", components: document.components ?? {} });
    const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
    validate = ajv.compile(rewritten);
    validators.set(schema, validate);
  }
  return validate;
}
