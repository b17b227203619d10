// Package config reads the binary's configuration from VENUE_* environment
// variables, optionally layered over a YAML file named by VENUE_CONFIG.
package config

import (
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Config is every setting of the binary. Each field names its environment
// variable in the `env` tag and its default in the `default` tag; the README
// table is generated from the same tags (see Describe).
type Config struct {
	HTTPAddr  string `yaml:"http_addr" env:"VENUE_HTTP_ADDR" default:":8080" doc:"address the HTTP server listens on"`
	DataDir   string `yaml:"data_dir" env:"VENUE_DATA_DIR" default:"./data" doc:"directory for the embedded SQLite database, uploaded files and the embedded Temporal server"`
	DBDSN     string `yaml:"db_dsn" env:"VENUE_DB_DSN" default:"" doc:"database: empty = SQLite file under the data dir; 'mysql://user:pass@tcp(host:3306)/venue?parseTime=true' or a plain go-sql-driver DSN = MySQL 8 / MariaDB; 'sqlite://path' = SQLite at that path"`
	DBMaxOpen int    `yaml:"db_max_open" env:"VENUE_DB_MAX_OPEN" default:"32" doc:"maximum open database connections (MySQL)"`
	// OrderWriters bounds the submissions in the database at once; see modules/order/writers.go.
	OrderWriters int `yaml:"order_writers" env:"VENUE_ORDER_WRITERS" default:"0" doc:"guest and tablet order submissions one node writes to the database at once; the others wait their turn, first come first served; 0 = twice the CPU cores the process may use plus one, at least 4"`

	TemporalAddress       string `yaml:"temporal_address" env:"VENUE_TEMPORAL_ADDRESS" default:"" doc:"Temporal frontend host:port; empty = start the embedded dev server under the data dir"`
	TemporalNamespace     string `yaml:"temporal_namespace" env:"VENUE_TEMPORAL_NAMESPACE" default:"default" doc:"Temporal namespace the worker and clients use"`
	TemporalTaskQueue     string `yaml:"temporal_task_queue" env:"VENUE_TEMPORAL_TASK_QUEUE" default:"venue" doc:"Temporal task queue of the worker"`
	TemporalWorkflowCache int    `yaml:"temporal_workflow_cache" env:"VENUE_TEMPORAL_WORKFLOW_CACHE" default:"2000" doc:"process instances the worker keeps in memory between their tasks (Temporal's sticky workflow cache, per process; each waiting instance costs about 2 goroutines and 30 KB); beyond it the least recently used is dropped and replayed from its history at its next task; the embedded Temporal server (serve without VENUE_TEMPORAL_ADDRESS, and 'venue temporal') keeps as many workflows' state in its history cache"`
	TemporalTLS           bool   `yaml:"temporal_tls" env:"VENUE_TEMPORAL_TLS" default:"false" doc:"connect to the Temporal frontend over TLS, verified with the system's CAs (any VENUE_TEMPORAL_TLS_* or the API key turns TLS on too)"`
	TemporalTLSCA         string `yaml:"temporal_tls_ca_file" env:"VENUE_TEMPORAL_TLS_CA_FILE" default:"" doc:"PEM file of the CAs that sign the Temporal frontend's certificate (instead of the system's)"`
	TemporalTLSCert       string `yaml:"temporal_tls_cert_file" env:"VENUE_TEMPORAL_TLS_CERT_FILE" default:"" doc:"client certificate for mutual TLS to Temporal, PEM (with VENUE_TEMPORAL_TLS_KEY_FILE); re-read when the file changes"`
	TemporalTLSKey        string `yaml:"temporal_tls_key_file" env:"VENUE_TEMPORAL_TLS_KEY_FILE" default:"" doc:"private key of the Temporal client certificate, PEM"`
	TemporalTLSServer     string `yaml:"temporal_tls_server_name" env:"VENUE_TEMPORAL_TLS_SERVER_NAME" default:"" doc:"name the Temporal frontend's certificate must carry, when it differs from the host of VENUE_TEMPORAL_ADDRESS"`
	TemporalAPIKey        string `yaml:"temporal_api_key" env:"VENUE_TEMPORAL_API_KEY" default:"" doc:"API key sent to Temporal as a bearer token on every call (Temporal Cloud or an authorizing proxy); implies TLS" secret:"true"`

	AdminPassword              string        `yaml:"admin_password" env:"VENUE_ADMIN_PASSWORD" default:"" doc:"password of the first platform administrator 'admin'; empty = generated and printed once on first start" secret:"true"`
	JWTSecret                  string        `yaml:"jwt_secret" env:"VENUE_JWT_SECRET" default:"" doc:"HMAC secret for tokens (at least 32 bytes); empty = generated on first start and stored in the database" secret:"true"`
	TokenTTL                   time.Duration `yaml:"token_ttl" env:"VENUE_TOKEN_TTL" default:"168h" doc:"lifetime of a login token (the console keeps its cookie as long)"`
	LoginMaxFailures           int           `yaml:"login_max_failures" env:"VENUE_LOGIN_MAX_FAILURES" default:"5" doc:"failed logins of one account name from one client address before that pair is locked (the owner at another address can still log in); a successful login forgives the failures before it, except inside a burst of attempts sent at once, where it counts as one of them"`
	LoginMaxFailuresPerAddress int           `yaml:"login_max_failures_per_address" env:"VENUE_LOGIN_MAX_FAILURES_PER_ADDRESS" default:"30" doc:"failed logins from one client address, across all account names, before that address is locked; 0 = no address limit"`
	PasswordMinLen             int           `yaml:"password_min_length" env:"VENUE_PASSWORD_MIN_LENGTH" default:"6" doc:"shortest password accepted when one is set (never below the spec's 6); the user name, the mobile number and the most common passwords are refused at any length"`
	PasswordClasses            int           `yaml:"password_classes" env:"VENUE_PASSWORD_CLASSES" default:"1" doc:"character classes (lower case, upper case, digits, symbols) a new password must mix, 1-4"`
	LoginLockFor               time.Duration `yaml:"login_lock_for" env:"VENUE_LOGIN_LOCK_FOR" default:"15m" doc:"how long a locked account name / address stays locked"`

	UploadDir     string `yaml:"upload_dir" env:"VENUE_UPLOAD_DIR" default:"" doc:"local upload directory; empty = <data dir>/uploads"`
	ImageMaxBytes int64  `yaml:"image_max_bytes" env:"VENUE_IMAGE_MAX_BYTES" default:"10485760" doc:"largest accepted image upload (bytes)"`
	VideoMaxBytes int64  `yaml:"video_max_bytes" env:"VENUE_VIDEO_MAX_BYTES" default:"104857600" doc:"largest accepted video upload (bytes)"`
	UploadQuotaMB int64  `yaml:"upload_quota_mb" env:"VENUE_UPLOAD_QUOTA_MB" default:"1024" doc:"bytes (in MB) the uploads of one merchant (its staff and venues) may hold in all; an upload past it is refused before it is written; 0 = unlimited; platform uploads are not counted"`
	BodyMaxBytes  int64  `yaml:"body_max_bytes" env:"VENUE_BODY_MAX_BYTES" default:"2097152" doc:"largest accepted non-upload request body (bytes)"`

	OSSEndpoint        string `yaml:"oss_endpoint" env:"VENUE_OSS_ENDPOINT" default:"" doc:"Aliyun OSS endpoint, e.g. oss-cn-hangzhou.aliyuncs.com; set it (with the bucket and keys) to store files on OSS instead of local disk"`
	OSSBucket          string `yaml:"oss_bucket" env:"VENUE_OSS_BUCKET" default:"" doc:"Aliyun OSS bucket"`
	OSSAccessKeyID     string `yaml:"oss_access_key_id" env:"VENUE_OSS_ACCESS_KEY_ID" default:"" doc:"Aliyun access key id"`
	OSSAccessKeySecret string `yaml:"oss_access_key_secret" env:"VENUE_OSS_ACCESS_KEY_SECRET" default:"" doc:"Aliyun access key secret" secret:"true"`
	OSSPublicURL       string `yaml:"oss_public_url" env:"VENUE_OSS_PUBLIC_URL" default:"" doc:"base URL files are served from (CDN or bucket domain); empty = https://<bucket>.<endpoint>"`
	OSSPrefix          string `yaml:"oss_prefix" env:"VENUE_OSS_PREFIX" default:"venue/" doc:"key prefix for objects in the bucket"`

	SMSProvider        string `yaml:"sms_provider" env:"VENUE_SMS_PROVIDER" default:"log" doc:"'log' writes codes to the server log (development); 'aliyun' sends them with Aliyun SMS"`
	SMSAccessKeyID     string `yaml:"sms_access_key_id" env:"VENUE_SMS_ACCESS_KEY_ID" default:"" doc:"Aliyun SMS access key id"`
	SMSAccessKeySecret string `yaml:"sms_access_key_secret" env:"VENUE_SMS_ACCESS_KEY_SECRET" default:"" doc:"Aliyun SMS access key secret" secret:"true"`
	SMSSignName        string `yaml:"sms_sign_name" env:"VENUE_SMS_SIGN_NAME" default:"" doc:"Aliyun SMS signature name"`
	SMSTemplateCode    string `yaml:"sms_template_code" env:"VENUE_SMS_TEMPLATE_CODE" default:"" doc:"Aliyun SMS template with a ${code} parameter"`

	LogLevel           string        `yaml:"log_level" env:"VENUE_LOG_LEVEL" default:"info" doc:"debug, info, warn or error"`
	LogFormat          string        `yaml:"log_format" env:"VENUE_LOG_FORMAT" default:"json" doc:"json or text"`
	TrustedProxies     string        `yaml:"trusted_proxies" env:"VENUE_TRUSTED_PROXIES" default:"" doc:"comma-separated proxy CIDRs whose X-Forwarded-For (and X-Forwarded-Proto: https, which turns on HSTS) is believed"`
	MetricsToken       string        `yaml:"metrics_token" env:"VENUE_METRICS_TOKEN" default:"" doc:"bearer token Prometheus sends to read /metrics on the API address; empty = /metrics is not served there" secret:"true"`
	MetricsAddr        string        `yaml:"metrics_addr" env:"VENUE_METRICS_ADDR" default:"" doc:"separate listen address serving /metrics without a token (e.g. 127.0.0.1:9090 or a port only the cluster reaches); empty = none"`
	PprofAddr          string        `yaml:"pprof_addr" env:"VENUE_PPROF_ADDR" default:"" doc:"loopback address (127.0.0.1:6060, [::1]:6060 or localhost:6060) serving the Go profiler at /debug/pprof/ for diagnosis (soak runs, leak hunts); any other host is refused at start; empty = none"`
	OplogRetentionDays int           `yaml:"oplog_retention_days" env:"VENUE_OPLOG_RETENTION_DAYS" default:"180" doc:"operation log rows older than this are purged daily"`
	PublicURL          string        `yaml:"public_url" env:"VENUE_PUBLIC_URL" default:"" doc:"origin guests reach the server at, written into table QR codes (e.g. https://order.example.com); empty = the origin of the console request that downloads the codes"`
	PDFFontDir         string        `yaml:"pdf_font_dir" env:"VENUE_PDF_FONT_DIR" default:"" doc:"directory of TrueType fonts (.ttf; .otf with TrueType outlines) for QR sheets of venues whose names need more than the embedded Latin, Greek, Cyrillic, Hebrew and Arabic (Chinese, Japanese, Korean, Thai ...); empty = the system's font directories"`
	PrintDirect        bool          `yaml:"print_direct" env:"VENUE_PRINT_DIRECT" default:"false" doc:"let the server itself write print jobs to the venues' printers (only for a server on the venues' own network: the embedded default, an on-premises install); venues with a print agent always print through it"`
	PrintDirectCIDRs   string        `yaml:"print_direct_cidrs" env:"VENUE_PRINT_DIRECT_CIDRS" default:"" doc:"comma-separated address ranges the server may write to when VENUE_PRINT_DIRECT is on (e.g. 192.168.1.0/24); a printer outside them is refused; empty = none"`
	PrintDirectPorts   string        `yaml:"print_direct_ports" env:"VENUE_PRINT_DIRECT_PORTS" default:"9100-9109" doc:"ports (comma-separated, ranges with '-') the server may write to when printing directly"`
	PrintMaxAttempts   int           `yaml:"print_max_attempts" env:"VENUE_PRINT_MAX_ATTEMPTS" default:"40" doc:"failed attempts after which a print job is marked failed (it can be resent from the print job page)"`
	PrintBackupAfter   int           `yaml:"print_backup_after" env:"VENUE_PRINT_BACKUP_AFTER" default:"3" doc:"failed attempts after which a job moves to its printer's backup printer"`
	PrintRetryBase     time.Duration `yaml:"print_retry_base" env:"VENUE_PRINT_RETRY_BASE" default:"1s" doc:"wait after a print job's first failure; it doubles with each further failure"`
	PrintRetryMax      time.Duration `yaml:"print_retry_max" env:"VENUE_PRINT_RETRY_MAX" default:"30s" doc:"longest wait between two attempts of a print job"`
	PrintLease         time.Duration `yaml:"print_lease" env:"VENUE_PRINT_LEASE" default:"30s" doc:"how long a node or agent holds a print job it is sending; a job held longer (its holder died) is sent again"`
	ConsoleDir         string        `yaml:"console_dir" env:"VENUE_CONSOLE_DIR" default:"" doc:"serve the console from this directory instead of the copy embedded in the binary (development)"`
}

// Load builds the configuration: defaults, then the YAML file named by
// VENUE_CONFIG (if any), then the environment.
func Load() (*Config, error) { return LoadFrom(os.LookupEnv) }

// LoadFrom is Load reading its variables through lookup instead of the
// process environment: tests build configurations as values this way, side by
// side, without touching the environment they share.
func LoadFrom(lookup func(string) (string, bool)) (*Config, error) {
	c := Defaults()
	if path, _ := lookup("VENUE_CONFIG"); path != "" {
		raw, err := os.ReadFile(path) //nolint:gosec // G304: the operator names the configuration file
		if err != nil {
			return nil, fmt.Errorf("config file: %w", err)
		}
		if err := yaml.Unmarshal(raw, c); err != nil {
			return nil, fmt.Errorf("config file %s: %w", path, err)
		}
	}
	if err := applyTags(c, "env", lookup); err != nil {
		return nil, err
	}
	return c, c.Validate()
}

// Defaults is the configuration with every field at its documented default.
func Defaults() *Config {
	c := &Config{}
	if err := applyTags(c, "default", nil); err != nil {
		panic(err) // a malformed default tag is a programming error, caught by every test
	}
	return c
}

// Validate refuses inconsistent settings; Load calls it, and so must anyone
// who builds or changes a Config by hand.
func (c *Config) Validate() error {
	if c.JWTSecret != "" && len(c.JWTSecret) < 32 {
		return fmt.Errorf("VENUE_JWT_SECRET must be at least 32 bytes")
	}
	if c.AdminPassword != "" && len(c.AdminPassword) < 6 {
		return fmt.Errorf("VENUE_ADMIN_PASSWORD must be at least 6 characters")
	}
	if c.OrderWriters < 0 {
		return fmt.Errorf("VENUE_ORDER_WRITERS must be 0 (twice the CPU cores plus one) or more")
	}
	if c.TemporalWorkflowCache < 1 {
		return fmt.Errorf("VENUE_TEMPORAL_WORKFLOW_CACHE must be at least 1")
	}
	if err := c.validateTemporal(); err != nil {
		return err
	}
	switch c.SMSProvider {
	case "log", "aliyun":
	default:
		return fmt.Errorf("VENUE_SMS_PROVIDER must be 'log' or 'aliyun'")
	}
	if c.PprofAddr != "" && !loopback(c.PprofAddr) {
		return fmt.Errorf("VENUE_PPROF_ADDR must be a loopback address such as 127.0.0.1:6060: the profiler is never served to the network")
	}
	if c.PublicURL != "" {
		u, err := url.Parse(c.PublicURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
			return fmt.Errorf("VENUE_PUBLIC_URL must be an http or https origin such as https://order.example.com")
		}
		c.PublicURL = strings.TrimRight(c.PublicURL, "/")
	}
	return nil
}

// validateTemporal refuses a half-configured secure connection: TLS and
// the API key are for an external cluster (the embedded one is plaintext on
// this machine), and a client certificate needs its key.
func (c *Config) validateTemporal() error {
	secure := c.TemporalTLS || c.TemporalTLSCA != "" || c.TemporalTLSCert != "" || c.TemporalTLSKey != "" ||
		c.TemporalTLSServer != "" || c.TemporalAPIKey != ""
	if secure && c.TemporalAddress == "" {
		return fmt.Errorf("VENUE_TEMPORAL_TLS_* and VENUE_TEMPORAL_API_KEY need VENUE_TEMPORAL_ADDRESS (the embedded server is plaintext)")
	}
	if (c.TemporalTLSCert == "") != (c.TemporalTLSKey == "") {
		return fmt.Errorf("VENUE_TEMPORAL_TLS_CERT_FILE and VENUE_TEMPORAL_TLS_KEY_FILE go together")
	}
	for _, f := range []struct{ name, path string }{{"VENUE_TEMPORAL_TLS_CA_FILE", c.TemporalTLSCA},
		{"VENUE_TEMPORAL_TLS_CERT_FILE", c.TemporalTLSCert}, {"VENUE_TEMPORAL_TLS_KEY_FILE", c.TemporalTLSKey}} {
		if f.path == "" {
			continue
		}
		if _, err := os.Stat(f.path); err != nil {
			return fmt.Errorf("%s: %w", f.name, err)
		}
	}
	return nil
}

// UploadPath is the local directory for uploaded files.
func (c *Config) UploadPath() string {
	if c.UploadDir != "" {
		return c.UploadDir
	}
	return filepath.Join(c.DataDir, "uploads")
}

// OSSEnabled reports whether files go to Aliyun OSS.
func (c *Config) OSSEnabled() bool { return c.OSSEndpoint != "" && c.OSSBucket != "" }

// Var documents one configuration variable.
type Var struct{ Name, Default, Doc string }

// Describe lists every variable with its default, in declaration order.
func Describe() []Var {
	t := reflect.TypeOf(Config{})
	out := make([]Var, 0, t.NumField())
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		out = append(out, Var{Name: f.Tag.Get("env"), Default: f.Tag.Get("default"), Doc: f.Tag.Get("doc")})
	}
	return out
}

// applyTags sets each field from the value that lookup returns for its tag.
// For the "default" tag the tag value itself is the value.
func applyTags(c *Config, tag string, lookup func(string) (string, bool)) error {
	v := reflect.ValueOf(c).Elem()
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		raw, ok := f.Tag.Get(tag), true
		if tag != "default" {
			raw, ok = lookup(raw)
		}
		if !ok {
			continue
		}
		if err := setField(v.Field(i), strings.TrimSpace(raw)); err != nil {
			return fmt.Errorf("%s: %w", f.Tag.Get("env"), err)
		}
	}
	return nil
}

func setField(f reflect.Value, raw string) error {
	switch f.Interface().(type) {
	case string:
		f.SetString(raw)
	case bool:
		if raw == "" {
			f.SetBool(false)
			return nil
		}
		b, err := strconv.ParseBool(raw)
		if err != nil {
			return err
		}
		f.SetBool(b)
	case time.Duration:
		if raw == "" {
			f.SetInt(0)
			return nil
		}
		d, err := time.ParseDuration(raw)
		if err != nil {
			return err
		}
		f.SetInt(int64(d))
	case int, int64:
		if raw == "" {
			f.SetInt(0)
			return nil
		}
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil {
			return err
		}
		f.SetInt(n)
	default:
		return fmt.Errorf("unsupported config field type %s", f.Type())
	}
	return nil
}

// loopback reports whether addr (host:port) names this machine only.
func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
