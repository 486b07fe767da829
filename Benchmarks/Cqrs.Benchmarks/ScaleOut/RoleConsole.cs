using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using System.Threading.Channels;

namespace Cqrs.Benchmarks.ScaleOut;

/// <summary>
/// A role process's side of its parent's line protocol: commands come a line at a time on standard input, each answered
/// by one JSON line on standard output. When standard input closes (the parent ended, however it ended) the process
/// exits at once, whatever it is doing: no role outlives the run that started it.
/// </summary>
internal static class RoleConsole
{
    public static void Reply<T>(T value, JsonTypeInfo<T> type)
    {
        Console.Out.WriteLine(JsonSerializer.Serialize(value, type));
        Console.Out.Flush();
    }

    /// <summary>Runs <paramref name="handle"/> for each command line, one at a time, until standard input closes; then exits.</summary>
    public static async Task ServeAsync(Func<string[], Task> handle)
    {
        var commands = Channel.CreateUnbounded<string>(new UnboundedChannelOptions { SingleReader = true, SingleWriter = true });
        var reader = new Thread(() =>
        {
            while (Console.In.ReadLine() is { } line)
            {
                commands.Writer.TryWrite(line);
            }

            Environment.Exit(0);
        })
        {
            IsBackground = true,
            Name = "parent's commands",
        };
        reader.Start();
        await foreach (var command in commands.Reader.ReadAllAsync())
        {
            await handle(command.Split(' ', StringSplitOptions.RemoveEmptyEntries));
        }
    }
}
