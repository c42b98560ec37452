// StatechartsSCXML: work in progress
