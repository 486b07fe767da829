using System.Globalization;
using Cqrs.Benchtest;

namespace Cqrs.Benchmarks.ScaleOut;

/// <summary>
/// The arguments the parent gives a role process: <c>--name value</c> pairs, all of which it writes itself, so a bad
/// one is this CLI's own bug, reported as such.
/// </summary>
internal sealed class RoleArguments
{
    private readonly Dictionary<string, string> _values = new(StringComparer.Ordinal);

    private RoleArguments()
    {
    }

    /// <exception cref="ArgumentException">An argument without its value.</exception>
    public static RoleArguments Parse(IReadOnlyList<string> args)
    {
        if (args.Count % 2 != 0)
        {
            throw new ArgumentException($"Role arguments come in pairs: {string.Join(' ', args)}", nameof(args));
        }

        var parsed = new RoleArguments();
        for (var index = 0; index < args.Count; index += 2)
        {
            parsed._values[args[index]] = args[index + 1];
        }

        return parsed;
    }

    /// <summary>The arguments that give a consumer or a sender the run's telemetry and namespace.</summary>
    public static IEnumerable<string> For(BenchtestSettings settings, string connectionString, int sequences) =>
    [
        "--connection-string", connectionString,
        "--sequences", Number(sequences),
        "--telemetry", settings.Telemetry ? "on" : "off",
        "--sampling", settings.TraceSampling.ToString("R", CultureInfo.InvariantCulture),
    ];

    public static string Number(double value) => value.ToString("R", CultureInfo.InvariantCulture);

    /// <exception cref="ArgumentException">The argument is missing.</exception>
    public string Text(string name) =>
        _values.TryGetValue(name, out var value) ? value : throw new ArgumentException($"The role needs {name}.", name);

    /// <summary>The argument's value, or null when it was not given.</summary>
    public string? Optional(string name) => _values.GetValueOrDefault(name);

    /// <exception cref="ArgumentException">The argument is missing or not a whole number.</exception>
    public int Int(string name) => int.Parse(Text(name), NumberStyles.None, CultureInfo.InvariantCulture);

    /// <exception cref="ArgumentException">The argument is missing or not a number.</exception>
    public double Double(string name) => double.Parse(Text(name), NumberStyles.Float, CultureInfo.InvariantCulture);

    /// <summary>The Service Bus settings a consumer or a sender runs with: the tuned profile, the parent's telemetry.</summary>
    public BenchtestSettings Settings() => new()
    {
        Transport = BenchtestTransport.ServiceBus,
        ServiceBusProfile = ServiceBusProfile.Tuned,
        Telemetry = Text("--telemetry") == "on",
        TraceSampling = Double("--sampling"),
    };
}
