/**
 * Checks the deployment files without a cluster or a Docker engine, so a typo fails the build:
 * - every document of infra/k8s against the Kubernetes schemas (kubernetes-models, generated from
 *   the OpenAPI of a current Kubernetes release; KEDA's ScaledObject from its CRD), every file a
 *   kustomization lists exists, and probe, scrape and Service ports name ports the containers declare;
 * - docker-compose.yml against the Compose specification (dclint's bundled schema);
 * - the Prometheus alert rules with promtool, and the rules' own tests.
 * First it makes sure each validator refuses a broken document, so a checker that accepts
 * everything cannot pass for a clean result.
 *
 *   node scripts/lib/check-manifests.mjs [--root <dir>]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const rootArg = process.argv.indexOf('--root');
const root = rootArg > 0 ? path.resolve(process.argv[rootArg + 1]) : repo;
const bin = (name) => path.join(repo, 'node_modules/.bin', name);

/** The module holding the model of an apiVersion, or undefined for one this checker does not know. */
function modelModule(apiVersion) {
  if (apiVersion === 'v1') return 'kubernetes-models/v1';
  if (apiVersion.startsWith('keda.sh/')) return `@kubernetes-models/keda/${apiVersion}`;
  if (/^[a-z0-9.]+\/v\d+((alpha|beta)\d+)?$/.test(apiVersion)) return `kubernetes-models/${apiVersion}`;
  return undefined;
}

/** Problems of one Kubernetes object against the schema of its kind. */
async function objectProblems(doc) {
  const { apiVersion, kind } = doc ?? {};
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return ['no apiVersion or kind'];
  const from = modelModule(apiVersion);
  const Model = from ? (await import(from).catch(() => ({})))[kind] : undefined;
  if (typeof Model !== 'function') return [`unknown kind ${apiVersion} ${kind}`];
  try {
    new Model(doc).validate();
    return [];
  } catch (err) {
    return [`${apiVersion} ${kind} ${doc.metadata?.name ?? ''}: ${err.message}`];
  }
}

function readDocuments(file) {
  return parseAllDocuments(fs.readFileSync(file, 'utf8')).map((d) => {
    if (d.errors.length) throw new Error(`${file}: ${d.errors[0].message}`);
    return d.toJS();
  });
}

/** The pod template of a workload, or undefined for other kinds. */
function podTemplate(doc) {
  if (doc.kind === 'CronJob') return doc.spec?.jobTemplate?.spec?.template;
  return ['Deployment', 'StatefulSet', 'DaemonSet', 'Job'].includes(doc.kind) ? doc.spec?.template : undefined;
}

/** Whether a port reference (a name or a number) is one the containers declare. */
const declares = (containers, ref) =>
  containers.some((c) => (c.ports ?? []).some((p) => p.name === ref || p.containerPort === Number(ref)));

/**
 * References between documents that no schema checks: probe ports, the Prometheus scrape port,
 * and the target port of each Service, against the ports the selected containers declare.
 */
function referenceProblems(docs) {
  const problems = [];
  const workloads = docs.filter((d) => podTemplate(d.doc));
  for (const { file, doc } of workloads) {
    const template = podTemplate(doc);
    const containers = template.spec?.containers ?? [];
    const where = `${file}: ${doc.kind} ${doc.metadata?.name}`;
    for (const c of containers) {
      for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe']) {
        const port = c[probe]?.httpGet?.port ?? c[probe]?.tcpSocket?.port;
        if (port !== undefined && !declares(containers, port))
          problems.push(`${where}: ${probe} of ${c.name} uses port ${port}, which no container declares`);
      }
    }
    const annotations = template.metadata?.annotations ?? {};
    if (annotations['prometheus.io/scrape'] === 'true' && !declares(containers, annotations['prometheus.io/port'])) {
      problems.push(`${where}: prometheus.io/port ${annotations['prometheus.io/port']} is not a declared container port`);
    }
  }
  for (const { file, doc } of docs.filter((d) => d.doc.kind === 'Service')) {
    const selector = Object.entries(doc.spec?.selector ?? {});
    const selected = workloads.filter(({ doc: w }) => {
      const labels = podTemplate(w).metadata?.labels ?? {};
      return selector.length > 0 && selector.every(([k, v]) => labels[k] === v);
    });
    if (selected.length === 0) {
      problems.push(`${file}: Service ${doc.metadata?.name} selects no workload`);
      continue;
    }
    for (const port of doc.spec?.ports ?? []) {
      const target = port.targetPort ?? port.port;
      for (const { doc: w } of selected) {
        if (!declares(podTemplate(w).spec?.containers ?? [], target)) {
          problems.push(
            `${file}: Service ${doc.metadata?.name} targets port ${target}, which ${w.kind} ${w.metadata?.name} does not declare`,
          );
        }
      }
    }
  }
  return problems;
}

/** Problems of every manifest under infra/k8s, by file. */
async function kubernetesProblems(dir) {
  const problems = [];
  const docs = [];
  for (const name of fs
    .readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()) {
    const file = path.join(dir, name);
    for (const doc of readDocuments(file)) {
      if (doc === null) continue;
      if (doc.kind === 'Kustomization') {
        for (const listed of [...(doc.resources ?? []), ...(doc.patches ?? []).map((p) => p.path).filter(Boolean)]) {
          if (!fs.existsSync(path.join(dir, listed))) problems.push(`${name}: lists ${listed}, which does not exist`);
        }
        continue;
      }
      for (const p of await objectProblems(doc)) problems.push(`${name}: ${p}`);
      docs.push({ file: name, doc });
    }
  }
  return [...problems, ...referenceProblems(docs)];
}

/** dclint with the schema check and its correctness rules; its style preferences (key order, etc.) are not ours. */
const DCLINT_CONFIG = {
  rules: {
    'no-build-and-image': 0,
    'no-unbound-port-interfaces': 0,
    'service-keys-order': 0,
    'services-alphabetical-order': 0,
    'top-level-properties-order': 0,
    'service-dependencies-alphabetical-order': 0,
  },
};

function composeProblems(file, configFile) {
  try {
    execFileSync(bin('dclint'), [file, '-c', configFile, '-q'], {
      encoding: 'utf8',
      stdio: 'pipe',
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
    });
    return [];
  } catch (err) {
    return [`${path.basename(file)}:\n${(err.stdout || err.message).trim()}`];
  }
}

function promtool(args) {
  try {
    execFileSync('promtool', args, { encoding: 'utf8', stdio: 'pipe' });
    return [];
  } catch (err) {
    if (err.code === 'ENOENT') return ['promtool is not installed (Debian package prometheus)'];
    return [`promtool ${args.join(' ')}:\n${`${err.stdout ?? ''}${err.stderr ?? ''}`.trim() || err.message}`];
  }
}

/**
 * The rule files the Prometheus configuration names, checked and unit-tested with promtool. The
 * configuration itself is not given to promtool: Debian builds it without Kubernetes service
 * discovery, so it refuses every kubernetes_sd_configs section.
 */
function prometheusProblems(dir) {
  const [config] = readDocuments(path.join(dir, 'prometheus.yml'));
  const ruleFiles = config?.rule_files ?? [];
  if (ruleFiles.length === 0) return ['prometheus.yml names no rule_files'];
  const problems = [];
  for (const f of ruleFiles) {
    if (!fs.existsSync(path.join(dir, f))) problems.push(`prometheus.yml: rule file ${f} does not exist`);
    else problems.push(...promtool(['check', 'rules', path.join(dir, f)]));
  }
  for (const t of fs.readdirSync(dir).filter((f) => f.endsWith('.test.yml')))
    problems.push(...promtool(['test', 'rules', path.join(dir, t)]));
  return problems;
}

/** Each validator must refuse a broken document; otherwise its silence proves nothing. */
async function validatorsWork(scratch, dclintConfig) {
  const brokenPod = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'broken' },
    spec: { selector: { matchLabels: { app: 'x' } }, template: { spec: { contianers: [] } } },
  };
  const brokenCompose = path.join(scratch, 'compose.yml');
  fs.writeFileSync(brokenCompose, 'services:\n  api:\n    image: x\n    restrat: always\n');
  const brokenRules = path.join(scratch, 'rules.yml');
  fs.writeFileSync(brokenRules, 'groups:\n  - name: x\n    rules:\n      - alert: X\n        expr: rate(x[5m]) >\n');
  const failures = [];
  if ((await objectProblems(brokenPod)).length === 0) failures.push('the Kubernetes schemas accepted a Deployment without containers');
  if ((await objectProblems({ apiVersion: 'apps/v1', kind: 'Deploymnet' })).length === 0) failures.push('an unknown kind was accepted');
  if (composeProblems(brokenCompose, dclintConfig).length === 0) failures.push('the Compose schema accepted a misspelled key');
  if (promtool(['check', 'rules', brokenRules]).length === 0) failures.push('promtool accepted a malformed expression');
  return failures;
}

async function main() {
  const scratch = fs.mkdtempSync(path.join(repo, '.data', 'manifests-'));
  const dclintConfig = path.join(scratch, 'dclint.json');
  fs.writeFileSync(dclintConfig, JSON.stringify(DCLINT_CONFIG));
  try {
    const dead = await validatorsWork(scratch, dclintConfig);
    if (dead.length) {
      console.error(`The manifest validators do not work:\n- ${dead.join('\n- ')}`);
      return 1;
    }
    const sections = [
      ['Kubernetes (infra/k8s)', await kubernetesProblems(path.join(root, 'infra/k8s'))],
      ['Compose (docker-compose.yml)', composeProblems(path.join(root, 'docker-compose.yml'), dclintConfig)],
      ['Prometheus (infra/prometheus)', prometheusProblems(path.join(root, 'infra/prometheus'))],
    ];
    let failed = 0;
    for (const [title, problems] of sections) {
      console.log(`${problems.length ? '✗' : '✓'} ${title}${problems.length ? '' : ': valid'}`);
      for (const p of problems) console.log(`  ${p.replace(/\n/g, '\n  ')}`);
      failed += problems.length;
    }
    return failed ? 1 : 0;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

fs.mkdirSync(path.join(repo, '.data'), { recursive: true });
process.exitCode = await main();
