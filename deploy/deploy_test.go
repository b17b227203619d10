package deploy_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/compose-spec/compose-go/v2/loader"
	"github.com/compose-spec/compose-go/v2/types"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"

	"github.com/venueplatform/venue/internal/config"
)

// venueVars are the VENUE_* settings the binary reads.
func venueVars(t *testing.T) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	rt := reflect.TypeFor[config.Config]()
	for i := range rt.NumField() {
		if env := rt.Field(i).Tag.Get("env"); env != "" {
			out[env] = true
		}
	}
	if len(out) < 20 {
		t.Fatalf("found only %d VENUE_* settings in config.Config", len(out))
	}
	return out
}

// commands are the venue subcommands a container may run.
var commands = []string{"serve", "worker", "seed", "migrate", "temporal"}

// manifests holds every object of deploy/k8s, decoded strictly into its
// Kubernetes API type: an unknown field, a wrong type or a bad quantity
// fails the decode.
type manifests struct {
	configMaps  map[string]*corev1.ConfigMap
	secrets     map[string]*corev1.Secret
	deployments map[string]*appsv1.Deployment
	services    map[string]*corev1.Service
	jobs        map[string]*batchv1.Job
	pdbs        map[string]*policyv1.PodDisruptionBudget
	hpas        map[string]*autoscalingv2.HorizontalPodAutoscaler
}

func decodeStrict(t *testing.T, where string, doc []byte, into any) {
	t.Helper()
	if err := yaml.UnmarshalStrict(doc, into); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
}

func loadManifests(t *testing.T) *manifests {
	t.Helper()
	m := &manifests{configMaps: map[string]*corev1.ConfigMap{}, secrets: map[string]*corev1.Secret{},
		deployments: map[string]*appsv1.Deployment{}, services: map[string]*corev1.Service{}, jobs: map[string]*batchv1.Job{},
		pdbs: map[string]*policyv1.PodDisruptionBudget{}, hpas: map[string]*autoscalingv2.HorizontalPodAutoscaler{}}
	files, err := filepath.Glob("k8s/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no k8s manifests: %v", err)
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(raw)))
		for n := 1; ; n++ {
			doc, err := r.Read()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if len(bytes.TrimSpace(stripComments(doc))) == 0 {
				continue
			}
			var tm metav1.TypeMeta
			var om struct {
				Metadata metav1.ObjectMeta `json:"metadata"`
			}
			if err := yaml.Unmarshal(doc, &tm); err != nil {
				t.Fatalf("%s #%d: %v", f, n, err)
			}
			_ = yaml.Unmarshal(doc, &om)
			where := f + ": " + tm.Kind + " " + om.Metadata.Name
			if om.Metadata.Name == "" {
				t.Fatalf("%s #%d: no metadata.name", f, n)
			}
			switch tm.APIVersion + " " + tm.Kind {
			case "v1 ConfigMap":
				o := &corev1.ConfigMap{}
				decodeStrict(t, where, doc, o)
				m.configMaps[o.Name] = o
			case "v1 Secret":
				o := &corev1.Secret{}
				decodeStrict(t, where, doc, o)
				m.secrets[o.Name] = o
			case "v1 Service":
				o := &corev1.Service{}
				decodeStrict(t, where, doc, o)
				m.services[o.Name] = o
			case "apps/v1 Deployment":
				o := &appsv1.Deployment{}
				decodeStrict(t, where, doc, o)
				m.deployments[o.Name] = o
			case "batch/v1 Job":
				o := &batchv1.Job{}
				decodeStrict(t, where, doc, o)
				m.jobs[o.Name] = o
			case "policy/v1 PodDisruptionBudget":
				o := &policyv1.PodDisruptionBudget{}
				decodeStrict(t, where, doc, o)
				m.pdbs[o.Name] = o
			case "autoscaling/v2 HorizontalPodAutoscaler":
				o := &autoscalingv2.HorizontalPodAutoscaler{}
				decodeStrict(t, where, doc, o)
				m.hpas[o.Name] = o
			default:
				t.Fatalf("%s #%d: unexpected %s %s (add it to the test)", f, n, tm.APIVersion, tm.Kind)
			}
		}
	}
	return m
}

// stripComments drops comment-only lines, so a document of comments counts as empty.
func stripComments(doc []byte) []byte {
	var out []byte
	for _, l := range bytes.Split(doc, []byte("\n")) {
		if t := bytes.TrimSpace(l); len(t) > 0 && t[0] != '#' {
			out = append(out, l...)
			out = append(out, '\n')
		}
	}
	return out
}

func TestKubernetesManifests(t *testing.T) {
	t.Parallel()
	m := loadManifests(t)
	vars := venueVars(t)
	for _, name := range []string{"venue-api", "venue-worker"} {
		if m.deployments[name] == nil {
			t.Fatalf("no Deployment %s", name)
		}
	}
	if len(m.jobs) == 0 {
		t.Fatal("no migration Job")
	}

	// Settings: every key is a setting the binary reads; secrets are not in the ConfigMap.
	for _, cm := range m.configMaps {
		for k := range cm.Data {
			if !vars[k] {
				t.Errorf("ConfigMap %s: %s is no VENUE_* setting", cm.Name, k)
			}
			if strings.Contains(k, "SECRET") || strings.Contains(k, "PASSWORD") || strings.HasSuffix(k, "_DSN") || strings.HasSuffix(k, "API_KEY") {
				t.Errorf("ConfigMap %s: %s belongs in a Secret", cm.Name, k)
			}
		}
	}

	pods := map[string]*corev1.PodTemplateSpec{}
	for name, d := range m.deployments {
		pods["Deployment "+name] = &d.Spec.Template
		sel, err := metav1.LabelSelectorAsSelector(d.Spec.Selector)
		if err != nil || !sel.Matches(labels.Set(d.Spec.Template.Labels)) {
			t.Errorf("Deployment %s: selector does not match its pods (%v)", name, err)
		}
		c := d.Spec.Template.Spec.Containers[0]
		probe := func(what string, p *corev1.Probe, path string) {
			if p == nil || p.HTTPGet == nil || p.HTTPGet.Path != path {
				t.Errorf("Deployment %s: %s probe must GET %s", name, what, path)
				return
			}
			if !hasPort(c, p.HTTPGet.Port.String(), p.HTTPGet.Port.IntValue()) {
				t.Errorf("Deployment %s: %s probe port %s is not a container port", name, what, p.HTTPGet.Port.String())
			}
		}
		probe("readiness", c.ReadinessProbe, "/readyz")
		probe("liveness", c.LivenessProbe, "/healthz")
		if d.Spec.Strategy.RollingUpdate == nil || d.Spec.Strategy.RollingUpdate.MaxUnavailable == nil || d.Spec.Strategy.RollingUpdate.MaxUnavailable.IntValue() != 0 {
			t.Errorf("Deployment %s: a rollout must not take pods away before new ones are ready (maxUnavailable 0)", name)
		}
		covered := false
		for _, p := range m.pdbs {
			if s, err := metav1.LabelSelectorAsSelector(p.Spec.Selector); err == nil && s.Matches(labels.Set(d.Spec.Template.Labels)) {
				covered = true
				if p.Spec.MinAvailable != nil && d.Spec.Replicas != nil && p.Spec.MinAvailable.IntValue() >= int(*d.Spec.Replicas) {
					t.Errorf("PodDisruptionBudget %s: minAvailable %d blocks every drain of %d replicas", p.Name, p.Spec.MinAvailable.IntValue(), *d.Spec.Replicas)
				}
			}
		}
		if !covered {
			t.Errorf("Deployment %s: no PodDisruptionBudget selects its pods", name)
		}
		scaled := false
		for _, h := range m.hpas {
			if h.Spec.ScaleTargetRef.Kind == "Deployment" && h.Spec.ScaleTargetRef.Name == name {
				scaled = true
				if h.Spec.MinReplicas == nil || *h.Spec.MinReplicas < 2 || h.Spec.MaxReplicas < *h.Spec.MinReplicas {
					t.Errorf("HorizontalPodAutoscaler %s: replicas %v..%d", h.Name, h.Spec.MinReplicas, h.Spec.MaxReplicas)
				}
			}
		}
		if !scaled {
			t.Errorf("Deployment %s: no HorizontalPodAutoscaler", name)
		}
	}
	for name, j := range m.jobs {
		pods["Job "+name] = &j.Spec.Template
		if args := j.Spec.Template.Spec.Containers[0].Args; len(args) == 0 || (args[0] != "seed" && args[0] != "migrate") {
			t.Errorf("Job %s: runs %v, not the migration", name, args)
		}
	}
	for _, h := range m.hpas {
		if m.deployments[h.Spec.ScaleTargetRef.Name] == nil {
			t.Errorf("HorizontalPodAutoscaler %s scales a missing Deployment %s", h.Name, h.Spec.ScaleTargetRef.Name)
		}
	}
	for _, s := range m.services {
		matched := false
		for _, d := range m.deployments {
			if labels.SelectorFromSet(s.Spec.Selector).Matches(labels.Set(d.Spec.Template.Labels)) {
				matched = true
				for _, p := range s.Spec.Ports {
					if !hasPort(d.Spec.Template.Spec.Containers[0], p.TargetPort.String(), p.TargetPort.IntValue()) {
						t.Errorf("Service %s: target port %s is not a port of %s", s.Name, p.TargetPort.String(), d.Name)
					}
				}
			}
		}
		if !matched {
			t.Errorf("Service %s selects no pods", s.Name)
		}
	}

	for where, pod := range pods {
		spec := pod.Spec
		if len(spec.Containers) != 1 {
			t.Errorf("%s: %d containers, want 1", where, len(spec.Containers))
			continue
		}
		c := spec.Containers[0]
		if len(c.Args) == 0 || !slices.Contains(commands, c.Args[0]) {
			t.Errorf("%s: args %v name no venue command", where, c.Args)
		}
		if c.Resources.Requests.Cpu().IsZero() || c.Resources.Requests.Memory().IsZero() || c.Resources.Limits.Memory().IsZero() {
			t.Errorf("%s: needs cpu and memory requests and a memory limit", where)
		}
		if spec.SecurityContext == nil || spec.SecurityContext.RunAsNonRoot == nil || !*spec.SecurityContext.RunAsNonRoot {
			t.Errorf("%s: must run as non-root", where)
		}
		// Every setting reaches the pod: from the ConfigMap and the Secret, all present.
		env := map[string]string{}
		var fromCM, fromSecret bool
		for _, ef := range c.EnvFrom {
			switch {
			case ef.ConfigMapRef != nil:
				cm := m.configMaps[ef.ConfigMapRef.Name]
				if cm == nil {
					t.Errorf("%s: envFrom ConfigMap %s is missing", where, ef.ConfigMapRef.Name)
					continue
				}
				fromCM = true
				for k, v := range cm.Data {
					env[k] = v
				}
			case ef.SecretRef != nil:
				s := m.secrets[ef.SecretRef.Name]
				if s == nil {
					t.Errorf("%s: envFrom Secret %s is missing", where, ef.SecretRef.Name)
					continue
				}
				fromSecret = true
				for k, v := range s.StringData {
					if !vars[k] {
						t.Errorf("Secret %s: %s is no VENUE_* setting", s.Name, k)
					}
					env[k] = v
				}
			}
		}
		for _, e := range c.Env {
			if !vars[e.Name] {
				t.Errorf("%s: env %s is no VENUE_* setting", where, e.Name)
			}
			env[e.Name] = e.Value
		}
		if !fromCM || !fromSecret {
			t.Errorf("%s: settings must come from the ConfigMap and the Secret", where)
		}
		for _, need := range []string{"VENUE_DB_DSN", "VENUE_JWT_SECRET", "VENUE_TEMPORAL_ADDRESS"} {
			if env[need] == "" {
				t.Errorf("%s: %s is not set", where, need)
			}
		}
		if !strings.HasPrefix(env["VENUE_DB_DSN"], "mysql://") {
			t.Errorf("%s: several pods need MySQL, VENUE_DB_DSN is %q", where, env["VENUE_DB_DSN"])
		}
		if strings.HasPrefix(where, "Deployment") {
			checkTemporalTLS(t, where, m, spec, c, env)
		}
		checkSettings(t, where, vars, env)
	}
}

func hasPort(c corev1.Container, name string, number int) bool {
	for _, p := range c.Ports {
		if (name != "" && p.Name == name) || (number != 0 && int(p.ContainerPort) == number) {
			return true
		}
	}
	return false
}

// checkTemporalTLS: the Temporal connection is TLS, and the files the
// settings name are keys of a Secret mounted where they point.
func checkTemporalTLS(t *testing.T, where string, m *manifests, spec corev1.PodSpec, c corev1.Container, env map[string]string) {
	t.Helper()
	if env["VENUE_TEMPORAL_TLS"] != "true" {
		t.Errorf("%s: VENUE_TEMPORAL_TLS is %q, want true", where, env["VENUE_TEMPORAL_TLS"])
	}
	for _, k := range []string{"VENUE_TEMPORAL_TLS_CA_FILE", "VENUE_TEMPORAL_TLS_CERT_FILE", "VENUE_TEMPORAL_TLS_KEY_FILE"} {
		path := env[k]
		if path == "" {
			t.Errorf("%s: %s is not set", where, k)
			continue
		}
		found := false
		for _, vm := range c.VolumeMounts {
			if filepath.Dir(path) != filepath.Clean(vm.MountPath) {
				continue
			}
			for _, v := range spec.Volumes {
				if v.Name != vm.Name || v.Secret == nil {
					continue
				}
				s := m.secrets[v.Secret.SecretName]
				if s == nil {
					t.Errorf("%s: volume %s mounts a missing Secret %s", where, v.Name, v.Secret.SecretName)
					continue
				}
				if _, ok := s.StringData[filepath.Base(path)]; ok {
					found = true
				} else if _, ok := s.Data[filepath.Base(path)]; ok {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("%s: %s=%s is no key of a mounted Secret", where, k, path)
		}
	}
}

// The compose file loads with compose-go (the loader of docker compose,
// validating against the Compose schema) and has the services the stack needs.
func TestComposeFile(t *testing.T) {
	t.Parallel()
	vars := venueVars(t)
	details := func(env map[string]string) types.ConfigDetails {
		return types.ConfigDetails{WorkingDir: ".", ConfigFiles: []types.ConfigFile{{Filename: "compose.yaml"}}, Environment: env}
	}
	name := func(o *loader.Options) { o.SetProjectName("venue", true) }
	ctx := context.Background()

	// Without the secrets it refuses to start, naming them.
	_, err := loader.LoadWithContext(ctx, details(map[string]string{}), name)
	if err == nil || !strings.Contains(err.Error(), "MYSQL_") && !strings.Contains(err.Error(), "VENUE_") {
		t.Fatalf("compose without secrets: %v", err)
	}

	env := map[string]string{"MYSQL_ROOT_PASSWORD": "root-pw", "MYSQL_PASSWORD": "venue-pw",
		"VENUE_JWT_SECRET": strings.Repeat("s", 48), "VENUE_ADMIN_PASSWORD": "Admin@12345"}
	p, err := loader.LoadWithContext(ctx, details(env), name)
	if err != nil {
		t.Fatalf("load compose.yaml: %v", err)
	}
	for _, s := range []string{"mysql", "temporal", "temporal-ui", "migrate", "api", "worker", "lb"} {
		if _, err := p.GetService(s); err != nil {
			t.Errorf("service %s: %v", s, err)
		}
	}
	ui, _ := p.GetService("temporal-ui")
	if v := ui.Environment["TEMPORAL_ADDRESS"]; v == nil || *v != "temporal:7233" {
		t.Errorf("temporal-ui: TEMPORAL_ADDRESS %v", v)
	}
	if len(ui.Ports) == 0 {
		t.Error("temporal-ui publishes no port")
	}
	for _, s := range []string{"migrate", "api", "worker"} {
		svc, err := p.GetService(s)
		if err != nil {
			continue
		}
		if len(svc.Command) == 0 || !slices.Contains(commands, svc.Command[0]) {
			t.Errorf("%s: command %v names no venue command", s, svc.Command)
		}
		for k, v := range svc.Environment {
			if !vars[k] {
				t.Errorf("%s: %s is no VENUE_* setting", s, k)
			}
			if k == "VENUE_DB_DSN" && (v == nil || !strings.HasPrefix(*v, "mysql://venue:venue-pw@tcp(mysql:3306)/")) {
				t.Errorf("%s: VENUE_DB_DSN %v", s, v)
			}
		}
		if v := svc.Environment["VENUE_TEMPORAL_ADDRESS"]; v == nil || *v != "temporal:7233" {
			t.Errorf("%s: VENUE_TEMPORAL_ADDRESS %v", s, v)
		}
		senv := map[string]string{}
		for k, v := range svc.Environment {
			if v != nil {
				senv[k] = *v
			}
		}
		checkSettings(t, s, vars, senv)
		if s == "migrate" {
			continue
		}
		if dep, ok := svc.DependsOn["migrate"]; !ok || dep.Condition != types.ServiceConditionCompletedSuccessfully {
			t.Errorf("%s: must wait for the migration to complete (%+v)", s, dep)
		}
		if svc.HealthCheck == nil || !strings.Contains(strings.Join(svc.HealthCheck.Test, " "), "/readyz") {
			t.Errorf("%s: healthcheck must ask /readyz", s)
		}
	}
	// The result is what `docker compose config` prints: valid JSON of the model.
	if _, err := json.Marshal(p); err != nil {
		t.Fatal(err)
	}
}

// deployDecides are settings whose default suits the embedded single
// process but that a deployment of several nodes must set on purpose:
// how many waiting process instances a pod keeps in memory (sized to its
// memory limit), and that nodes in a data centre never write to the
// venues' printers themselves (venues print through their agents).
var deployDecides = map[string]string{"VENUE_TEMPORAL_WORKFLOW_CACHE": "", "VENUE_PRINT_DIRECT": "false"}

// checkSettings: the settings a deployment must decide are set, and a
// process given exactly env starts with them: config.Load parses and
// validates every value (a "2,000" or "10m" where a number belongs fails).
// The TLS files the settings name are mounted in a pod, not here: they are
// checked by checkTemporalTLS and stand in as empty files.
func checkSettings(t *testing.T, where string, vars map[string]bool, env map[string]string) {
	t.Helper()
	for k, want := range deployDecides {
		if v, ok := env[k]; !ok || (want != "" && v != want) {
			t.Errorf("%s: %s must be set (to %q), it is %q", where, k, want, v)
		}
	}
	files := t.TempDir()
	given := map[string]string{} // exactly the variables the deployment sets: nothing of this process's environment
	for k := range vars {
		v, ok := env[k]
		if !ok {
			continue
		}
		if strings.HasPrefix(k, "VENUE_TEMPORAL_TLS_") && strings.HasSuffix(k, "_FILE") && v != "" {
			v = filepath.Join(files, filepath.Base(v))
			if err := os.WriteFile(v, nil, 0o600); err != nil {
				t.Fatal(err)
			}
		}
		given[k] = v
	}
	c, err := config.LoadFrom(func(k string) (string, bool) { v, ok := given[k]; return v, ok })
	if err != nil {
		t.Errorf("%s: the settings do not load: %v", where, err)
		return
	}
	if c.TemporalWorkflowCache < 100 || c.PrintDirect {
		t.Errorf("%s: VENUE_TEMPORAL_WORKFLOW_CACHE %d (want at least 100), VENUE_PRINT_DIRECT %v", where, c.TemporalWorkflowCache, c.PrintDirect)
	}
}
