"""Validates api/openapi.yaml with a real OpenAPI 3.1 validator.

Uses openapi-spec-validator when the Python in use has it; otherwise the
npm package @seriousme/openapi-schema-validator, installed on first use
under build/npm.  Either way the document is checked against the official
OpenAPI 3.1 schema, and every $ref must resolve."""
import json
import os
import shutil
import subprocess
import sys

import yaml

path = sys.argv[1]
with open(path, encoding="utf-8") as f:
    doc = yaml.safe_load(f)
assert doc.get("openapi", "").startswith("3.1"), "openapi must be 3.1.x"

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
