// Package config reads the binary's configuration from VENUE_* environment
// variables, optionally layered over a YAML file named by VENUE_CONFIG.
package config

import (
	"fmt"
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

	TemporalAddress   string `yaml:"temporal_address" env:"VENUE_TEMPORAL_ADDRESS" default:"" doc:"Temporal frontend host:port; empty = start the embedded dev server under the data dir"`
	TemporalNamespace string `yaml:"temporal_namespace" env:"VENUE_TEMPORAL_NAMESPACE" default:"default" doc:"Temporal namespace the worker and clients use"`
	TemporalTaskQueue string `yaml:"temporal_task_queue" env:"VENUE_TEMPORAL_TASK_QUEUE" default:"venue" doc:"Temporal task queue of the worker"`

	AdminPassword    string        `yaml:"admin_password" env:"VENUE_ADMIN_PASSWORD" default:"" doc:"password of the first platform administrator 'admin'; empty = generated and printed once on first start" secret:"true"`
	JWTSecret        string        `yaml:"jwt_secret" env:"VENUE_JWT_SECRET" default:"" doc:"HMAC secret for tokens (at least 32 bytes); empty = generated on first start and stored in the database" secret:"true"`
	TokenTTL         time.Duration `yaml:"token_ttl" env:"VENUE_TOKEN_TTL" default:"168h" doc:"lifetime of a login token (the console keeps its cookie as long)"`
	LoginMaxFailures int           `yaml:"login_max_failures" env:"VENUE_LOGIN_MAX_FAILURES" default:"5" doc:"failed logins before an account name is locked"`
	LoginLockFor     time.Duration `yaml:"login_lock_for" env:"VENUE_LOGIN_LOCK_FOR" default:"15m" doc:"how long a locked account name stays locked"`

	UploadDir     string `yaml:"upload_dir" env:"VENUE_UPLOAD_DIR" default:"" doc:"local upload directory; empty = <data dir>/uploads"`
	ImageMaxBytes int64  `yaml:"image_max_bytes" env:"VENUE_IMAGE_MAX_BYTES" default:"10485760" doc:"largest accepted image upload (bytes)"`
	VideoMaxBytes int64  `yaml:"video_max_bytes" env:"VENUE_VIDEO_MAX_BYTES" default:"104857600" doc:"largest accepted video upload (bytes)"`
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

	LogLevel           string `yaml:"log_level" env:"VENUE_LOG_LEVEL" default:"info" doc:"debug, info, warn or error"`
	LogFormat          string `yaml:"log_format" env:"VENUE_LOG_FORMAT" default:"json" doc:"json or text"`
	TrustedProxies     string `yaml:"trusted_proxies" env:"VENUE_TRUSTED_PROXIES" default:"" doc:"comma-separated proxy CIDRs whose X-Forwarded-For is believed"`
	OplogRetentionDays int    `yaml:"oplog_retention_days" env:"VENUE_OPLOG_RETENTION_DAYS" default:"180" doc:"operation log rows older than this are purged daily"`
	ConsoleDir         string `yaml:"console_dir" env:"VENUE_CONSOLE_DIR" default:"" doc:"serve the console from this directory instead of the copy embedded in the binary (development)"`
}

// Load builds the configuration: defaults, then the YAML file named by
// VENUE_CONFIG (if any), then the environment.
func Load() (*Config, error) {
	c := &Config{}
	if err := applyTags(c, "default", func(string) (string, bool) { return "", false }); err != nil {
		return nil, err
	}
	if path := os.Getenv("VENUE_CONFIG"); path != "" {
		raw, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("config file: %w", err)
		}
		if err := yaml.Unmarshal(raw, c); err != nil {
			return nil, fmt.Errorf("config file %s: %w", path, err)
		}
	}
	if err := applyTags(c, "env", os.LookupEnv); err != nil {
		return nil, err
	}
	return c, c.validate()
}

func (c *Config) validate() error {
	if c.JWTSecret != "" && len(c.JWTSecret) < 32 {
		return fmt.Errorf("VENUE_JWT_SECRET must be at least 32 bytes")
	}
	if c.AdminPassword != "" && len(c.AdminPassword) < 6 {
		return fmt.Errorf("VENUE_ADMIN_PASSWORD must be at least 6 characters")
	}
	switch c.SMSProvider {
	case "log", "aliyun":
	default:
		return fmt.Errorf("VENUE_SMS_PROVIDER must be 'log' or 'aliyun'")
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
