//go:build !unix

package devserver

import "os"

// lockDir only creates the lock file on systems without flock: there, keeping two
// servers off one data directory is left to the operator.
func lockDir(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
}

func unlockDir(f *os.File) error { return f.Close() }
