// This file only fences the console off from the Go module around it: npm packages in
// node_modules ship Go files (flatted does), which `go test ./...`, `go vet ./...` and
// golangci-lint would otherwise build and lint as packages of the product.
module github.com/venueplatform/venue/console

go 1.26.8
