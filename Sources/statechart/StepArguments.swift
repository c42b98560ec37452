import ArgumentParser
import StatechartsECMAScript
import StatechartsSCXML

/// What `render` and `trace` share with `run`: parsing STEPs and loading a chart, with `run`'s
/// messages and exit statuses.
enum StepArguments {
    /// Parses every STEP; a malformed one is a message and exit status 2.
    static func parse(_ texts: [String]) throws -> [Step] {
        var parsed: [Step] = []
        for text in texts {
            do { parsed.append(try Step.parse(text)) } catch {
                Console.error("statechart: \(error)")
                throw ExitCode(2)
            }
        }
        return parsed
    }

    /// Loads a chart; problems are printed as `FILE:LINE:COLUMN: message`, exit status 1.
    static func load(_ path: String, options: SCXMLReader.Options, limits: ECMAScriptLimits) throws -> SCXMLChart {
        do { return try ChartLoader.load(path, options: options, limits: limits) } catch {
            for line in error.lines { Console.error(line) }
            throw ExitCodeError.failure
        }
    }

    /// A runner for a loaded chart.
    static func runner(_ chart: SCXMLChart, _ path: String) throws -> ChartRunner {
        do { return try ChartRunner(chart) } catch {
            for line in error.lines { Console.error("\(path): \(line)") }
            throw ExitCodeError.failure
        }
    }
}

/// Exit status 1, for failures already reported on standard error.
enum ExitCodeError {
    static var failure: ExitCode { ExitCode(1) }
}
