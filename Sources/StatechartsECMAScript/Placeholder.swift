// StatechartsECMAScript: work in progress
