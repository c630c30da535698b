#!/usr/bin/env python3
"""Static checks of the Kubernetes manifests in deploy/ (no cluster here).

They keep the promises deploy/README.md makes about a deployment: liveness on
/healthz, readiness on /readyz, resource requests and limits, non-root,
read-only root filesystem; a Service and an HPA that point at the
Deployment; the uid matches the Dockerfile's USER.  Prints one line per
failed check; exit status 1 if any failed.
"""
import ipaddress
import os
import re
import sys

import yaml


def main(folder):
    docs = []
    for name in sorted(os.listdir(folder)):
        if name.endswith((".yaml", ".yml")):
            with open(os.path.join(folder, name)) as f:
                docs += [(name, d) for d in yaml.safe_load_all(f) if d]
    by_kind = {}
    for name, d in docs:
        by_kind.setdefault(d.get("kind"), []).append(d)
    errors = []

    def check(cond, what):
        if not cond:
            errors.append(what)

    for kind in ("Deployment", "Service", "HorizontalPodAutoscaler"):
        check(len(by_kind.get(kind, [])) == 1, "exactly one %s" % kind)
    if errors:
        return errors
    dep = by_kind["Deployment"][0]
    svc = by_kind["Service"][0]
    hpa = by_kind["HorizontalPodAutoscaler"][0]
    spec = dep["spec"]["template"]["spec"]
    labels = dep["spec"]["template"]["metadata"]["labels"]
    check(all(labels.get(k) == v for k, v in dep["spec"]["selector"]["matchLabels"].items()),
          "Deployment selector matches its pod labels")
    (ctr,) = spec["containers"]
    ports = {p.get("name"): p["containerPort"] for p in ctr.get("ports", [])}
    check(8080 in ports.values(), "container port 8080")

    def probe(kind, path):
        p = ctr.get(kind, {}).get("httpGet", {})
        port = p.get("port")
        check(p.get("path") == path and (port == 8080 or ports.get(port) == 8080),
              "%s: GET %s on 8080" % (kind, path))

    probe("livenessProbe", "/healthz")
    probe("readinessProbe", "/readyz")
    res = ctr.get("resources", {})
    for part in ("requests", "limits"):
        for r in ("cpu", "memory"):
            check(r in res.get(part, {}), "resources.%s.%s" % (part, r))
    psc, csc = spec.get("securityContext", {}), ctr.get("securityContext", {})
    check(psc.get("runAsNonRoot") is True or csc.get("runAsNonRoot") is True, "runAsNonRoot")
    uid = csc.get("runAsUser", psc.get("runAsUser"))
    check(isinstance(uid, int) and uid > 0, "runAsUser is a non-zero uid")
    check(csc.get("readOnlyRootFilesystem") is True, "readOnlyRootFilesystem")
    check(csc.get("allowPrivilegeEscalation") is False, "allowPrivilegeEscalation: false")
    check("ALL" in csc.get("capabilities", {}).get("drop", []), "capabilities drop ALL")
    env = {e["name"]: e.get("value") for e in ctr.get("env", [])}
    check(env.get("PORT", "8080") == "8080", "PORT env agrees with the container port")
    # behind an ingress the peer is the ingress pod: its range is trusted to
    # name the client, and only a private range (else any client could)
    proxies = [c.strip() for c in (env.get("GRUNDYD_TRUSTED_PROXIES") or "").split(",") if c.strip()]
    check(proxies, "GRUNDYD_TRUSTED_PROXIES names the ingress range")
    try:
        nets = [ipaddress.ip_network(c, strict=True) for c in proxies]
        check(all(n.is_private and n.prefixlen > 0 for n in nets),
              "GRUNDYD_TRUSTED_PROXIES holds private ranges only")
    except ValueError as e:
        check(False, f"GRUNDYD_TRUSTED_PROXIES: {e}")

    dockerfile = os.path.join(folder, "..", "Dockerfile")
    if os.path.exists(dockerfile):
        users = re.findall(r"^USER\s+(\d+)", open(dockerfile).read(), re.M)
        check(users and int(users[-1]) == uid, "runAsUser equals the Dockerfile's USER")

    check(all(labels.get(k) == v for k, v in svc["spec"]["selector"].items()),
          "Service selects the Deployment's pods")
    for p in svc["spec"]["ports"]:
        t = p.get("targetPort")
        check(t == 8080 or ports.get(t) == 8080, "Service targets port 8080")
    ref = hpa["spec"]["scaleTargetRef"]
    check(ref.get("kind") == "Deployment" and ref.get("name") == dep["metadata"]["name"],
          "HPA scales the Deployment")
    check(1 <= hpa["spec"].get("minReplicas", 1) <= hpa["spec"]["maxReplicas"],
          "HPA replica bounds")
    kust = os.path.join(folder, "kustomization.yaml")
    if os.path.exists(kust):
        listed = set(yaml.safe_load(open(kust)).get("resources", []))
        files = {n for n, d in docs if d.get("kind") != "Kustomization"}
        check(files <= listed, "kustomization.yaml lists every manifest")
    return errors


if __name__ == "__main__":
    errs = main(sys.argv[1] if len(sys.argv) > 1 else "deploy")
    for e in errs:
        print("  manifest check failed: " + e)
    sys.exit(1 if errs else 0)
