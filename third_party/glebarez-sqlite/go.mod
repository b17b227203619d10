module github.com/glebarez/sqlite

go 1.24

require gorm.io/driver/sqlite v1.6.0

require gorm.io/gorm v1.31.1
