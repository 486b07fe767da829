using BenchmarkDotNet.Attributes;
using Cqrs.Benchtest;
using Cqrs.Benchtest.Messages;
using Cqrs.Generated;
using Cqrs.Serialization;

namespace Cqrs.Benchmarks.Micro;

/// <summary>
/// The benchtest's command and event through their generated MessagePack codecs, as the pipeline calls them:
/// serialize to the payload array a transport sends, and deserialize from it.
/// </summary>
[MemoryDiagnoser]
public class SerializationBenchmarks
{
    private readonly RecordNumber _command = new(123_456, 654_321);
    private readonly NumberRecorded _event = new(123_456, 654_321);
    private readonly Cqrs_Benchtest_Messages_RecordNumberCodec _codec = new();
    private readonly Cqrs_Benchtest_Messages_NumberRecordedCodec _eventCodec = new();
    private byte[] _payload = [];
    private byte[] _eventPayload = [];

    [GlobalSetup]
    public void Setup()
    {
        _payload = _codec.ToBytes(_command);
        _eventPayload = _eventCodec.ToBytes(_event);
    }

    [Benchmark]
    public byte[] Serialize() => _codec.ToBytes(_command);

    [Benchmark]
    public RecordNumber Deserialize() => _codec.FromBytes(_payload, "bench.v1.record-number", "payload");

    [Benchmark]
    public byte[] SerializeEvent() => _eventCodec.ToBytes(_event);

    [Benchmark]
    public NumberRecorded DeserializeEvent() => _eventCodec.FromBytes(_eventPayload, "bench.v1.number-recorded", "payload");
}
