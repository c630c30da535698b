"""Validates api/openapi.yaml with a real OpenAPI 3.1 validator.

Uses openapi-spec-validator when the Python in use has it; otherwise the
npm package @seriousme/openapi-schema-validator, installed on first use
under build/npm.  Either way the document is checked against the official
OpenAPI 3.1 schema, and every $ref must resolve.

Before that, every example in the document -- request and response
examples of every operation, and examples inside schemas -- is validated
against its own schema (JSON Schema 2020-12, as OpenAPI 3.1 has it), and
strictly: each member of an example object must be a property some branch
of its schema declares, as a generated client would need it to be (the
check redocly's no-invalid-media-type-examples makes)."""
import json
import os
import shutil
import subprocess
import sys

import yaml

class StrictLoader(yaml.SafeLoader):
    """safe_load, but a key given twice in one mapping is an error (YAML
    says keys are unique; PyYAML keeps the last, other tools refuse the
    document)."""


def _mapping(loader, node, deep=False):
    keys = [loader.construct_object(k, deep=deep) for k, _ in node.value]
    twice = sorted({k for k in keys if keys.count(k) > 1}, key=str)
    if twice:
        raise SystemExit(f"openapi: duplicated key(s) {twice} at line {node.start_mark.line + 1}")
    return yaml.SafeLoader.construct_mapping(loader, node, deep)


StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)

path = sys.argv[1]
with open(path, encoding="utf-8") as f:
    doc = yaml.load(f, Loader=StrictLoader)
assert doc.get("openapi", "").startswith("3.1"), "openapi must be 3.1.x"


def resolve(node):
    while isinstance(node, dict) and "$ref" in node:
        cur = doc
        for part in node["$ref"][2:].split("/"):
            cur = cur[part.replace("~1", "/").replace("~0", "~")]
        node = cur
    return node


def schema_errors(schema, value):
    """The JSON Schema errors of value (schema resolved in this document)."""
    import jsonschema
    root = dict(resolve(schema))
    root["components"] = doc.get("components", {})
    return [e.message for e in jsonschema.Draft202012Validator(root).iter_errors(value)]


def branches(schema, value):
    """schema and every subschema that applies to value: allOf members, and
    the oneOf/anyOf members value matches."""
    out, todo = [], [schema]
    while todo:
        s = resolve(todo.pop())
        if not isinstance(s, dict):
            continue
        out.append(s)
        todo.extend(s.get("allOf", []))
        for key in ("oneOf", "anyOf"):
            todo.extend(b for b in s.get(key, []) if not schema_errors(b, value))
    return out


def undeclared(schema, value, where):
    """Members of example objects that no applicable branch declares."""
    bad, todo = [], [(schema, value, where)]
    while todo:
        schema, value, where = todo.pop()
        bs = branches(schema, value)
        if isinstance(value, dict):
            open_ = any(b.get("additionalProperties") not in (None, False) or
                        "patternProperties" in b for b in bs)
            for key, v in value.items():
                decl = [b["properties"][key] for b in bs if key in b.get("properties", {})]
                if not decl and not open_:
                    bad.append(f"{where}/{key}: not a property of the schema")
                todo.extend((d, v, f"{where}/{key}") for d in decl)
        elif isinstance(value, list):
            for b in bs:
                if isinstance(b.get("items"), dict):
                    todo.extend((b["items"], v, f"{where}/{i}") for i, v in enumerate(value))
    return bad


def examples():
    """(where, schema, value) for every example of the document."""
    for path, item in doc.get("paths", {}).items():
        for method, op in item.items():
            if not isinstance(op, dict):
                continue
            places = [("request", resolve(op.get("requestBody", {})).get("content", {}))]
            places += [(status, resolve(r).get("content", {}))
                       for status, r in op.get("responses", {}).items()]
            for name, content in places:
                for media, m in content.items():
                    if "schema" not in m:
                        continue
                    where = f"{method.upper()} {path} {name} {media}"
                    if "example" in m:
                        yield where + " example", m["schema"], m["example"]
                    for k, ex in (m.get("examples") or {}).items():
                        ex = resolve(ex)
                        if "value" in ex:
                            yield f"{where} examples/{k}", m["schema"], ex["value"]
    todo = [("#/components/schemas", doc.get("components", {}).get("schemas", {}))]
    while todo:
        where, node = todo.pop()
        if isinstance(node, dict):
            bare = {k: v for k, v in node.items() if k not in ("example", "examples")}
            if "example" in node:
                yield where + " example", bare, node["example"]
            if isinstance(node.get("examples"), list):
                for i, ex in enumerate(node["examples"]):
                    yield f"{where} examples/{i}", bare, ex
            todo.extend((f"{where}/{k}", v) for k, v in node.items()
                        if k not in ("example", "examples"))
        elif isinstance(node, list):
            todo.extend((f"{where}/{i}", v) for i, v in enumerate(node))


failures, checked = [], 0
for where, schema, value in examples():
    checked += 1
    errs = schema_errors(schema, value)
    failures += [f"{where}: {e}" for e in errs] or undeclared(schema, value, where)
if failures:
    print("\n".join(failures), file=sys.stderr)
    sys.exit(f"openapi: {len(failures)} problems in {checked} examples")
assert checked >= 20, f"only {checked} examples found"
print(f"openapi: all {checked} examples match their schemas")

try:
    from openapi_spec_validator import validate
except ImportError:
    validate = None

if validate is not None:
    validate(doc)
    print(f"openapi: {path} is valid OpenAPI {doc['openapi']} (openapi-spec-validator)")
    sys.exit(0)

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
prefix = os.path.join(root, "build", "npm")
cli = os.path.join(prefix, "node_modules", ".bin", "validate-api")
if not os.path.exists(cli):
    if shutil.which("npm") is None:
        subprocess.check_call(["sh", "-c", "apt-get install -y -qq npm >/dev/null"])
    os.makedirs(prefix, exist_ok=True)
    subprocess.check_call(["npm", "install", "--silent", "--no-audit", "--no-fund",
                           "--prefix", prefix, "@seriousme/openapi-schema-validator@2"])
tmp = os.path.join(prefix, "openapi.json")
with open(tmp, "w", encoding="utf-8") as f:
    json.dump(doc, f)
out = subprocess.run([cli, tmp], capture_output=True, text=True)
print(out.stdout.strip())
if out.returncode != 0 or '"valid": false' in out.stdout or "valid: false" in out.stdout:
    print(out.stderr, file=sys.stderr)
    sys.exit(1)
print(f"openapi: {path} is valid OpenAPI {doc['openapi']} (@seriousme/openapi-schema-validator)")
