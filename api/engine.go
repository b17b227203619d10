// Package api is the HTTP layer the modules share: the Gin engine and its
// middleware, the route registry (each route declares its permission), the
// request context, errors with their codes, the localized envelope, paging,
// validation and the OpenAPI document.
package api

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
)

// Options wire the HTTP layer to the rest of the binary.
type Options struct {
	Registry       *Registry
	Auth           Authenticator
	Authz          Authorizer
	Oplog          OplogSink // optional
	Logger         *slog.Logger
	BodyMaxBytes   int64
	TrustedProxies []string
	Ready          func(ctx context.Context) error // /readyz: database and Temporal
	Console        http.Handler                    // the console for every non-API path
	Uploads        http.Handler                    // files under /uploads/
	Collectors     []prometheus.Collector
	Version        string
	// MetricsToken, when set, serves /metrics on this engine to callers
	// sending it as a bearer token; unset, /metrics is not served here.
	MetricsToken string
	// OnMetrics, when set, receives the metrics handler (for a separate listener).
	OnMetrics func(http.Handler)
}

func init() { gin.SetMode(gin.ReleaseMode) }

// New builds the Gin engine with every declared route behind its checks.
func New(o Options) (*gin.Engine, error) {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.BodyMaxBytes <= 0 {
		o.BodyMaxBytes = 2 << 20
	}
	e := gin.New()
	e.HandleMethodNotAllowed = false
	e.RedirectTrailingSlash = false
	if err := e.SetTrustedProxies(o.TrustedProxies); err != nil {
		return nil, err
	}
	m := newMetrics()
	m.Register(o.Collectors...)
	e.Use(requestID(), recovery(o.Logger), accessLog(o.Logger), m.middleware(), securityHeaders(parseCIDRs(o.TrustedProxies)), locale())

	e.GET("/healthz", func(c *gin.Context) {
		c.JSON(http.StatusOK, gin.H{"status": "ok", "version": o.Version})
	})
	e.GET("/readyz", func(c *gin.Context) {
		if o.Ready == nil {
			c.JSON(http.StatusOK, gin.H{"status": "ok"})
			return
		}
		ctx, cancel := context.WithTimeout(c.Request.Context(), 10*time.Second)
		defer cancel()
		if err := o.Ready(ctx); err != nil {
			c.JSON(http.StatusServiceUnavailable, gin.H{"status": "unavailable", "error": err.Error()})
			return
		}
		c.JSON(http.StatusOK, gin.H{"status": "ok"})
	})
	e.GET("/metrics", metricsRoute(o.MetricsToken, m.handler()))
	if o.OnMetrics != nil {
		o.OnMetrics(promhttpHandler(m))
	}

	routes := o.Registry.Routes()
	openapi := OpenAPI(routes, o.Version)
	e.GET("/api/openapi.json", func(c *gin.Context) { c.Data(http.StatusOK, "application/json", openapi) })

	api := e.Group("/api")
	for _, en := range o.Registry.entries {
		chain := []gin.HandlerFunc{}
		limit := en.MaxBody
		if limit <= 0 {
			limit = o.BodyMaxBytes
		}
		chain = append(chain, bodyLimit(limit))
		if en.Access != Public {
			chain = append(chain, authenticate(o.Auth))
		}
		if en.Access == Operation {
			chain = append(chain, authorize(o.Authz, en.Route))
		}
		if o.Oplog != nil {
			chain = append(chain, oplog(o.Oplog, en.Route))
		}
		chain = append(chain, adapt(en.handler, en.Raw))
		api.Handle(en.Method, en.Path, chain...)
	}

	if o.Uploads != nil {
		uploads := func(c *gin.Context) {
			c.Header("X-Content-Type-Options", "nosniff")
			if !InlineMedia(c.Request.URL.Path) {
				c.Header("Content-Disposition", "attachment")
			}
			o.Uploads.ServeHTTP(c.Writer, c.Request)
		}
		e.GET("/uploads/*path", uploads)
		e.HEAD("/uploads/*path", uploads)
	}
	e.NoRoute(func(c *gin.Context) {
		p := c.Request.URL.Path
		if p == "/api" || strings.HasPrefix(p, "/api/") || o.Console == nil ||
			(c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead) {
			writeError(c, &Error{Status: http.StatusNotFound, Code: CodeNoRoute, Key: "error.no_route"})
			return
		}
		c.Status(http.StatusOK) // Gin presets 404 for NoRoute
		o.Console.ServeHTTP(c.Writer, c.Request)
	})
	return e, nil
}
