// The target exists for Broken.scxml, whose mistake must fail the build at its line and column.
