// Command bare is the benchmark's yardstick: a bare Gin + database/sql
// handler that runs the same user-list queries as GET /api/sys/user,
// without authentication, permissions, tenancy or the envelope.
package main

import (
	"database/sql"
	"log"
	"net/http"
	"os"
	"time"

	"github.com/gin-gonic/gin"
	_ "github.com/go-sql-driver/mysql"
)

type user struct {
	ID        uint64    `json:"id"`
	Username  string    `json:"username"`
	RealName  string    `json:"realName"`
	Status    int8      `json:"status"`
	OrgID     uint64    `json:"orgId"`
	CreatedAt time.Time `json:"createdAt"`
}

func main() {
	db, err := sql.Open("mysql", os.Getenv("BARE_DSN"))
	if err != nil {
		log.Fatal(err)
	}
	db.SetMaxOpenConns(32)
	db.SetMaxIdleConns(32)
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.GET("/list", func(c *gin.Context) {
		var total int64
		if err := db.QueryRowContext(c, "SELECT COUNT(*) FROM sys_users").Scan(&total); err != nil {
			c.AbortWithStatus(http.StatusInternalServerError)
			return
		}
		rows, err := db.QueryContext(c, "SELECT id, username, real_name, status, org_id, created_at FROM sys_users ORDER BY id DESC LIMIT 20")
		if err != nil {
			c.AbortWithStatus(http.StatusInternalServerError)
			return
		}
		defer func() { _ = rows.Close() }() // rows.Err() below reports the iteration's error
		out := make([]user, 0, 20)
		for rows.Next() {
			var u user
			if err := rows.Scan(&u.ID, &u.Username, &u.RealName, &u.Status, &u.OrgID, &u.CreatedAt); err != nil {
				c.AbortWithStatus(http.StatusInternalServerError)
				return
			}
			out = append(out, u)
		}
		if err := rows.Err(); err != nil {
			c.AbortWithStatus(http.StatusInternalServerError)
			return
		}
		c.JSON(http.StatusOK, gin.H{"records": out, "total": total})
	})
	log.Fatal(r.Run(os.Getenv("BARE_ADDR")))
}
