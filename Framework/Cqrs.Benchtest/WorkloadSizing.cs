using Cqrs.Benchtest.Messages;
using Cqrs.Benchtest.Sizing;
using Cqrs.Generated;
using Cqrs.Serialization;

namespace Cqrs.Benchtest;

/// <summary>Sizes the benchtest's workload for target rates (<see cref="CapacityPlanner"/>) from a run's figures.</summary>
internal static class WorkloadSizing
{
    /// <summary>An operation's messages: its command and its event.</summary>
    private const int MessagesPerOperation = 2;

    /// <summary>One estimate per rate; null when none are asked for.</summary>
    /// <param name="targetRates">Operations a second to size for.</param>
    /// <param name="cpuUsPerOp">The app's CPU time per operation, in µs.</param>
    /// <param name="brokerOperationsPerOp">Broker operations per operation as counted; null to estimate them.</param>
    /// <param name="operations">The run's operations: the largest sequence its messages carry.</param>
    public static IReadOnlyList<SizingEstimate>? For(IReadOnlyList<double> targetRates, double cpuUsPerOp, double? brokerOperationsPerOp, int operations)
    {
        if (targetRates.Count == 0)
        {
            return null;
        }

        var payload = LargestPayloadBytes(operations);
        return [.. targetRates.Select(rate => CapacityPlanner.For(rate, cpuUsPerOp, brokerOperationsPerOp, MessagesPerOperation, payload))];
    }

    /// <summary>The larger of the command's and the event's MessagePack payloads, with the run's largest numbers in them.</summary>
    private static int LargestPayloadBytes(int operations)
    {
        var command = new RecordNumber(operations, RecordNumber.NumberLimit - 1);
        var @event = new NumberRecorded(operations, RecordNumber.NumberLimit - 1);
        return Math.Max(
            new Cqrs_Benchtest_Messages_RecordNumberCodec().ToBytes(command).Length,
            new Cqrs_Benchtest_Messages_NumberRecordedCodec().ToBytes(@event).Length);
    }
}
