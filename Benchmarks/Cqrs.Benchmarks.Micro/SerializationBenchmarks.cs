using BenchmarkDotNet.Attributes;
using Cqrs.Benchtest;
using Cqrs.Benchtest.Engine;
using Cqrs.Pipeline;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Benchmarks.Micro;

/// <summary>
/// The benchtest's command and event through the generated MessagePack codecs, as the pipeline calls them:
/// serialize to the payload array a transport sends, and deserialize from it.
/// </summary>
[MemoryDiagnoser]
public class SerializationBenchmarks
{
    private readonly RecordNumber _command = new(123_456, 654_321);
    private readonly NumberRecorded _event = new(123_456, 654_321);
    private ServiceProvider? _services;
    private MessageDescriptor<RecordNumber> _descriptor = null!;
    private MessageDescriptor<NumberRecorded> _eventDescriptor = null!;
    private byte[] _payload = [];
    private byte[] _eventPayload = [];

    [GlobalSetup]
    public void Setup()
    {
        _services = BenchtestServices.Build(new OperationTracker(), new BenchtestSettings());
        _descriptor = _services.GetRequiredService<MessageCatalog>().Find<RecordNumber>()!;
        _payload = _descriptor.Serialize(_command);
        _eventDescriptor = _services.GetRequiredService<MessageCatalog>().Find<NumberRecorded>()!;
        _eventPayload = _eventDescriptor.Serialize(_event);
    }

    [GlobalCleanup]
    public void Cleanup() => _services?.Dispose();

    [Benchmark]
    public byte[] Serialize() => _descriptor.Serialize(_command);

    [Benchmark]
    public RecordNumber Deserialize() => _descriptor.Deserialize(_payload);

    [Benchmark]
    public byte[] SerializeEvent() => _eventDescriptor.Serialize(_event);

    [Benchmark]
    public NumberRecorded DeserializeEvent() => _eventDescriptor.Deserialize(_eventPayload);
}
